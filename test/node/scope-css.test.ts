/** elements/shared/scope-css.ts: a shadow root's CSS, scoped to its element's tag for a host's tree. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scopeCss } from '../../elements/shared/scope-css.js';

describe('scopeCss', () => {
  it(':host becomes the tag; every other selector goes under it', () => {
    assert.equal(scopeCss('oz-x', ':host { display: block; --_a: 1px; }\n.a .b, p > code { color: red; }'), 'oz-x{display: block; --_a: 1px;}oz-x .a .b,oz-x p > code{color: red;}');
  });

  it(':host(...) joins its compound to the tag, with what follows kept', () => {
    assert.equal(scopeCss('oz-x', ":host([theme='dark']) .a, :host(:not([open])) { x: 1 }"), "oz-x[theme='dark'] .a,oz-x:not([open]){x: 1}");
  });

  it('splits lists only at top-level commas', () => {
    assert.equal(scopeCss('oz-x', ':is(h1, h2) span, li { x: 1 }'), 'oz-x :is(h1, h2) span,oz-x li{x: 1}');
  });

  it('rewrites inside @media and @supports; keeps @keyframes as they are; drops comments', () => {
    assert.equal(
      scopeCss('oz-x', '/* c { } */ @media (max-width: 10px) { .a { x: 1 } } @keyframes k { 0%, 50% { opacity: 0 } } @supports (a: b) { :host { y: 2 } }'),
      '@media (max-width: 10px){oz-x .a{x: 1}}@keyframes k{ 0%, 50% { opacity: 0 } }@supports (a: b){oz-x{y: 2}}',
    );
  });

  it('skips braces in quoted strings', () => {
    assert.equal(scopeCss('oz-x', "summary::before { content: '}{'; } .a { x: 1 }"), "oz-x summary::before{content: '}{';}oz-x .a{x: 1}");
  });

  it('splits lists only outside attribute values and strings', () => {
    assert.equal(scopeCss('oz-x', '[title=\'a,b\'], a[href="x,y"] { x: 1 }'), 'oz-x [title=\'a,b\'],oz-x a[href="x,y"]{x: 1}');
  });

  it('refuses what has no light-DOM meaning or would pass unscoped', () => {
    assert.throws(() => scopeCss('oz-x', ':host-context(.dark) { x: 1 }'), /needs a shadow root/);
    assert.throws(() => scopeCss('oz-x', '::slotted(p) { x: 1 }'), /needs a shadow root/);
    assert.throws(() => scopeCss('oz-x', '@starting-style { .a { x: 1 } }'), /@starting-style is not scoped/);
    assert.throws(() => scopeCss('oz-x', '@scope (.a) { .b { x: 1 } }'), /@scope is not scoped/);
    assert.equal(scopeCss('oz-x', '@property --p { syntax: "*"; inherits: false }'), '@property --p{ syntax: "*"; inherits: false }');
  });

  it('refuses CSS it cannot read whole', () => {
    assert.throws(() => scopeCss('oz-x', '.a { x: 1'), /unclosed block/);
    assert.throws(() => scopeCss('oz-x', '.a { x: 1 } stray'), /text after the last rule/);
  });
});
