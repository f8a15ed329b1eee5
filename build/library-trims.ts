/**
 * Library code the bundle carries but never runs, left out: marked's default
 * instance and the rules of options it never sets, Immer's draft and patch API,
 * fast-json-patch's validator (never asked to validate), and
 * @ag-ui/core's `EventType` written once instead of twice. Each transform
 * checks the shape of the file it changes and leaves any other alone with a
 * warning (the size gate then says so); test/node/bundle-transforms.test.ts
 * compares each changed library with the original.
 */
import { parseAst, type Plugin } from 'vite';

/** A part of a module's source, and what stands in its place (nothing by default). */
interface Edit {
  start: number;
  end: number;
  text?: string;
}

/** `code` with each of `edits` (in source order, none overlapping) replaced by its text. */
function spliced(code: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + (edit.text ?? '');
    at = edit.end;
  }
  return out + code.slice(at);
}

/**
 * marked's entry ends with its default instance: `new Marked()`, the
 * `marked()` function with its statics (`marked.use`, `marked.options`...)
 * and the exports that alias them. Those are module-level side effects, so
 * they and the whole Marked class stay in a bundle that imports only `Lexer`,
 * `Parser` and `Renderer`. This wraps that ending, as it is, in one pure
 * function call, and each export it declares in another: whatever is
 * imported is the same value as before, and what nothing imports is dropped.
 * The ending is marked's own entry module (nothing in marked imports it), so
 * nothing before it refers to what it declares. Any other shape is left
 * alone, with a warning.
 */
export function lazyMarkedDefault(): Plugin {
  return {
    name: 'oz-agui:lazy-marked-default',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return undefined;
      const fail = (why: string) => {
        this.warn(`lazyMarkedDefault: ${why}; marked's default instance stays in the bundle`);
        return undefined;
      };
      const body = parseAst(code).body;
      const exported = body.at(-1);
      if (exported?.type !== 'ExportNamedDeclaration' || exported.declaration || exported.source) return fail('no export list at the end');
      const locals = new Map<string, string>();
      for (const spec of exported.specifiers) {
        if (spec.type !== 'ExportSpecifier' || spec.local.type !== 'Identifier' || spec.exported.type !== 'Identifier') return fail('an export that is not a plain name');
        locals.set(spec.local.name, spec.exported.name);
      }
      const markedClass = [...locals].find(([, name]) => name === 'Marked')?.[0];
      const start = body.findIndex(
        (node) =>
          node.type === 'VariableDeclaration' &&
          node.declarations.length === 1 &&
          node.declarations[0]!.init?.type === 'NewExpression' &&
          node.declarations[0]!.init.callee.type === 'Identifier' &&
          node.declarations[0]!.init.callee.name === markedClass,
      );
      if (!markedClass || start < 0) return fail('no `new Marked()` at the top level');
      const ending = body.slice(start, -1);
      const declared: string[] = [];
      for (const node of ending) {
        if (node.type === 'FunctionDeclaration' && node.id) declared.push(node.id.name);
        else if (node.type === 'VariableDeclaration') {
          for (const d of node.declarations) {
            if (d.id.type !== 'Identifier') return fail('a destructuring declaration');
            declared.push(d.id.name);
          }
        } else if (node.type !== 'ExpressionStatement') return fail(`a ${node.type} in the ending`);
      }
      const names = declared.filter((name) => locals.has(name));
      const from = ending[0]!.start;
      const to = exported.start;
      const scope = '__ozMarkedDefault';
      const wrapped =
        `var ${scope} = /* @__PURE__ */ (() => {${code.slice(from, to)}\nreturn { ${names.join(', ')} };})();\n` +
        names.map((name) => `var ${name} = /* @__PURE__ */ (() => ${scope}.${name})();`).join('\n') +
        '\n';
      return { code: code.slice(0, from) + wrapped + code.slice(to), map: null };
    },
  };
}

/** Immer's manual-draft and patch API, which the bundle never calls: only `produce` is. */
const UNUSED_IMMER_METHODS = ['produceWithPatches', 'createDraft', 'finishDraft', 'applyPatches'];

/**
 * Immer's class keeps every method, used or not (a class's methods are never
 * tree-shaken). The bundle only calls `produce` on its own `Immer` instances,
 * so this takes the manual-draft and patch methods out of the class, with the
 * module's exports of them (its default instance's, bound). Should the bundle
 * ever import or call one of them, the build fails (a missing export, or the
 * check of the bundle below), rather than ship a method that is not there.
 * Any other shape of the module is left alone, with a warning.
 */
export function unusedImmerMethods(): Plugin {
  return {
    name: 'oz-agui:unused-immer-methods',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]immer[\\/]dist[\\/]immer\.mjs$/.test(id)) return undefined;
      const body = parseAst(code).body;
      const drop: Array<{ start: number; end: number }> = [];
      const boundNames: string[] = [];
      let exportList: (typeof body)[number] | undefined;
      for (const node of body) {
        if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) exportList = node;
        const declarator = node.type === 'VariableDeclaration' && node.declarations.length === 1 ? node.declarations[0]! : undefined;
        // var createDraft = /* @__PURE__ */ immer.createDraft.bind(immer);
        const init = declarator?.init;
        const callee = init?.type === 'CallExpression' ? init.callee : undefined;
        const bound = callee?.type === 'MemberExpression' && callee.object.type === 'MemberExpression' && callee.object.property.type === 'Identifier' ? callee.object.property.name : undefined;
        if (declarator?.id.type === 'Identifier' && bound && UNUSED_IMMER_METHODS.includes(bound)) {
          drop.push(node);
          boundNames.push(declarator.id.name);
          continue;
        }
        const cls = node.type === 'ClassDeclaration' ? node : declarator?.init?.type === 'ClassExpression' ? declarator.init : undefined;
        if (!cls || !cls.body.body.some((m) => m.type === 'MethodDefinition' && m.key.type === 'Identifier' && m.key.name === 'createDraft')) continue;
        for (const member of cls.body.body) {
          if (member.type !== 'MethodDefinition' || member.key.type !== 'Identifier') continue;
          if (UNUSED_IMMER_METHODS.includes(member.key.name)) drop.push(member);
          if (member.kind !== 'constructor') continue;
          for (const statement of member.value.body?.body ?? []) {
            if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
            const target = statement.expression.left;
            if (target.type === 'MemberExpression' && target.object.type === 'ThisExpression' && target.property.type === 'Identifier' && UNUSED_IMMER_METHODS.includes(target.property.name))
              drop.push(statement);
          }
        }
      }
      if (drop.length !== 2 * UNUSED_IMMER_METHODS.length || exportList?.type !== 'ExportNamedDeclaration') {
        this.warn(`unusedImmerMethods: Immer's module is not shaped as expected (${drop.length} of ${2 * UNUSED_IMMER_METHODS.length} parts found); it stays whole`);
        return undefined;
      }
      const kept = exportList.specifiers.filter((spec) => !(spec.local.type === 'Identifier' && boundNames.includes(spec.local.name)));
      drop.push(exportList);
      drop.sort((a, b) => a.start - b.start);
      return { code: `${spliced(code, drop)}\nexport { ${kept.map((spec) => code.slice(spec.start, spec.end)).join(', ')} };\n`, map: null };
    },
    renderChunk(code) {
      const named = UNUSED_IMMER_METHODS.filter((name) => new RegExp(`\\b${name}\\b`).test(code));
      if (named.length) this.error(`unusedImmerMethods: the bundle names Immer's ${named.join(', ')}, taken out of its class: drop unusedImmerMethods() or that method from UNUSED_IMMER_METHODS`);
      return null;
    },
  };
}

/**
 * @ag-ui/core's `EventType` is a TypeScript string enum, built by a function
 * that writes each name twice (`E["RUN_STARTED"] = "RUN_STARTED"`). Every
 * value is its own name, so this builds the same object, the same keys in the
 * same order, from one list of names. Any other enum is left as it is.
 */
export function compactEventType(): Plugin {
  return {
    name: 'oz-agui:compact-event-type',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]@ag-ui[\\/]core[\\/]dist[\\/][^\\/]+\.mjs$/.test(id) || !code.includes('EventType')) return undefined;
      for (const node of parseAst(code).body) {
        const d = node.type === 'VariableDeclaration' && node.declarations.length === 1 ? node.declarations[0]! : undefined;
        if (d?.id.type !== 'Identifier' || d.id.name !== 'EventType' || d.init?.type !== 'CallExpression') continue;
        const fn = d.init.callee;
        const arg = d.init.arguments[0];
        if (fn.type !== 'FunctionExpression' || d.init.arguments.length !== 1 || arg?.type !== 'ObjectExpression' || arg.properties.length > 0) return undefined;
        const param = fn.params[0];
        const statements = fn.body?.body ?? [];
        if (param?.type !== 'Identifier' || statements.at(-1)?.type !== 'ReturnStatement') return undefined;
        const names: string[] = [];
        for (const statement of statements.slice(0, -1)) {
          const e = statement.type === 'ExpressionStatement' ? statement.expression : undefined;
          if (e?.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression' || e.left.object.type !== 'Identifier' || e.left.object.name !== param.name)
            return undefined;
          const key = e.left.property.type === 'Literal' ? e.left.property.value : e.left.property.type === 'Identifier' && !e.left.computed ? e.left.property.name : undefined;
          if (typeof key !== 'string' || !/^[A-Z_]+$/.test(key) || e.right.type !== 'Literal' || e.right.value !== key) return undefined;
          names.push(key);
        }
        const value = `Object.fromEntries(${JSON.stringify(names.join(' '))}.split(' ').map((name) => [name, name]))`;
        return { code: code.slice(0, d.init.start) + value + code.slice(d.init.end), map: null };
      }
      return undefined;
    },
  };
}

/** marked's rule sets for options the bundle never sets: `pedantic` (block and inline) and `breaks`. */
const UNUSED_MARKED_RULES = ['pedantic', 'breaks'];

/**
 * marked builds every rule set at load time, the `pedantic` and `breaks` ones
 * too (regexes composed by calls, so they stay however unused). Our renderer
 * pins `pedantic: false` and `breaks: false` (markdown-blocks.ts), so the
 * Lexer only ever reads the `normal` and `gfm` sets. This drops the sets of
 * the other two and leaves in their place a getter that says so: a build
 * that ever sets either option fails with that message instead of parsing
 * differently. Any other shape is left alone, with a warning.
 */
export function unusedMarkedRules(): Plugin {
  return {
    name: 'oz-agui:unused-marked-rules',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return undefined;
      const fail = (why: string) => {
        this.warn(`unusedMarkedRules: ${why}; marked's pedantic and breaks rules stay in the bundle`);
        return undefined;
      };
      const declarators = new Map<string, { start: number; end: number; init: { start: number; end: number } }>();
      const sets: Array<{ start: number; end: number; name: string; value: string }> = [];
      for (const node of parseAst(code).body) {
        if (node.type !== 'VariableDeclaration') continue;
        for (const d of node.declarations) {
          if (d.id.type !== 'Identifier' || !d.init) continue;
          declarators.set(d.id.name, { start: d.start, end: d.end, init: d.init });
          if (d.init.type !== 'ObjectExpression') continue;
          const keys = d.init.properties.map((p) => (p.type === 'Property' && p.key.type === 'Identifier' ? p.key.name : ''));
          if (keys.join() !== 'normal,gfm,pedantic' && keys.join() !== 'normal,gfm,breaks,pedantic') continue;
          for (const p of d.init.properties) {
            if (p.type !== 'Property' || p.key.type !== 'Identifier' || !UNUSED_MARKED_RULES.includes(p.key.name)) continue;
            if (p.value.type !== 'Identifier') return fail(`a ${p.key.name} rule set that is not a plain name`);
            sets.push({ start: p.start, end: p.end, name: p.key.name, value: p.value.name });
          }
        }
      }
      if (sets.length !== 3) return fail(`${sets.length} of 3 left-out rule sets found`);
      const edits: Edit[] = [];
      for (const set of sets) {
        const declared = declarators.get(set.value);
        if (!declared) return fail(`no declaration of ${set.value}`);
        const uses = code.match(new RegExp(`(?<![\\w$.])${set.value.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;
        if (uses !== 2) return fail(`${set.value} is named ${uses} times, not only where declared and in its rule sets`);
        edits.push({ start: declared.init.start, end: declared.init.end, text: 'void 0' });
        edits.push({ start: set.start, end: set.end, text: `get ${set.name}(){throw new Error("oz-agui's bundle leaves out marked's ${set.name} rules: keep the option false")}` });
      }
      edits.sort((a, b) => a.start - b.start);
      return { code: spliced(code, edits), map: null };
    },
  };
}

/**
 * fast-json-patch's `validator` is only called when `applyOperation` is
 * asked to validate; board-patch.ts never asks (it checks each operation
 * itself, RFC 6902's way, before the library runs it), yet the function and
 * its messages stay, named by `applyOperation`. This keeps the function and
 * gives it a body that says so: a build that ever asks the library to
 * validate fails with that message instead of skipping the check. Any other
 * shape is left alone, with a warning.
 */
export function unusedPatchValidator(): Plugin {
  return {
    name: 'oz-agui:unused-patch-validator',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]fast-json-patch[\\/]module[\\/]core\.mjs$/.test(id)) return undefined;
      const found = parseAst(code).body.filter((node) => node.type === 'ExportNamedDeclaration' && node.declaration?.type === 'FunctionDeclaration' && node.declaration.id?.name === 'validator');
      const fn = found.length === 1 && found[0]!.type === 'ExportNamedDeclaration' && found[0]!.declaration?.type === 'FunctionDeclaration' ? found[0]!.declaration : undefined;
      if (!fn?.body) {
        this.warn(`unusedPatchValidator: ${found.length} exported function validator found, not 1; fast-json-patch's validator stays in the bundle`);
        return undefined;
      }
      const body = `{throw new Error("oz-agui's bundle leaves out fast-json-patch's validator: check each operation first and pass validateOperation false (see board-patch.ts)")}`;
      return { code: spliced(code, [{ start: fn.body.start, end: fn.body.end, text: body }]), map: null };
    },
  };
}
