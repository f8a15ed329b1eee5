import { expect } from '@open-wc/testing';
import { isTerminalEvent } from '../../src/protocol/index.js';

describe('smoke', () => {
  it('runs in Chromium with the protocol module', () => {
    expect(isTerminalEvent({ type: 'RUN_FINISHED' })).to.equal(true);
    expect(navigator.userAgent).to.contain('Chrome');
  });
});
