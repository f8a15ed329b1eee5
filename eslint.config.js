// Lint: typescript-eslint's recommended rules, plus DESIGN.md's dependency
// rules as import restrictions, so the architecture cannot rot silently.
import tseslint from 'typescript-eslint';

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const noLit = { group: ['lit', 'lit/*', '@lit/*'], message: 'src/ is framework-free: no Lit.' };
const folder = (name, why) => ({ group: [`**/${name}/**`, `**/${name}`], message: why });

const serverBase = [noLit, folder('elements', 'server/ may not import elements/.'), folder('inspector', 'server/ may not import inspector/.'), folder('examples', 'server/ may not import examples/.')];
const serverRules = [
  ...serverBase,
  {
    group: ['**/src/thread/**', '**/src/transport/**', '**/src/forms/**', '**/src/agent/**', '**/src/recorder/**'],
    message: 'server/ shares only src/protocol with the package.',
  },
];
// The proxy's inspection feed also reads the person's stream with the package's SSE parser and
// redacts it by the recorder's rules, in a ring: three leaf modules that import only src/protocol.
const proxyRules = [
  ...serverBase,
  {
    group: [
      '**/src/thread/**',
      '**/src/forms/**',
      '**/src/agent/**',
      '**/src/transport/**',
      '!**/src/transport/sse-parser.js',
      '**/src/recorder/**',
      '!**/src/recorder/redact.js',
      '!**/src/recorder/ring.js',
    ],
    message: "the proxy shares src/protocol, the SSE parser and the recorder's redaction and ring with the package.",
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'storybook-static/**', 'test-results/**', 'custom-elements.json'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  restrict(
    ['src/**'],
    [
      noLit,
      folder('elements', 'src/ may not import elements/.'),
      folder('inspector', 'src/ may not import inspector/.'),
      folder('server', 'src/ may not import server/.'),
      folder('examples', 'src/ may not import examples/.'),
      folder('frameworks', 'src/ may not import frameworks/.'),
    ],
  ),
  restrict(
    ['elements/**'],
    [
      folder('server', 'elements/ may not import server/.'),
      folder('inspector', 'elements/ reach inspector/ only through public exports.'),
      folder('examples', 'elements/ may not import examples/.'),
      folder('frameworks', 'elements/ may not import frameworks/: the adapters sit on top of them.'),
    ],
  ),
  restrict(
    ['inspector/**'],
    [
      folder('server', 'inspector/ may not import server/.'),
      folder('examples', 'inspector/ may not import examples/.'),
      folder('frameworks', 'inspector/ may not import frameworks/: the adapters sit on top of it.'),
      { group: ['**/elements/**', '!**/elements/kit.js'], message: 'inspector/ shares the tokens, base styles and defineEvent through elements/kit.js only.' },
    ],
  ),
  restrict(['frameworks/**'], [folder('server', 'frameworks/ may not import server/.'), folder('examples', 'frameworks/ may not import examples/.')]),
  restrict(['server/**'], serverRules),
  // Later entries replace a rule's options for the files they match, so each repeats serverRules.
  restrict(['server/edge/**'], [...serverRules, folder('proxy', 'the edge and the proxy share only src/protocol and server/shared.')]),
  restrict(['server/proxy/**'], [...proxyRules, folder('edge', 'the edge and the proxy share only src/protocol and server/shared.')]),
  // What the edge and the proxy share outside src/ is Node plumbing in server/shared, which imports neither.
  restrict(['server/shared/**'], [{ regex: '^(?!node:|\\./)', message: 'server/shared holds Node plumbing both servers use: it imports only Node (node:*) and itself.' }]),
  // No module at server/'s top: a shared one goes in server/shared, where the rule above holds it.
  {
    files: ['server/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'A module the edge and the proxy share goes in server/shared/.' }] },
  },
  // Only entry points read process.env.
  {
    files: ['src/**', 'elements/**', 'inspector/**', 'server/**/!(cli).ts'],
    ignores: ['server/**/cli.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only entry points (CLIs, scripts) read process.env.' }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'test/**', 'server/**/cli.ts', 'examples/**/server*.ts', 'examples/dev-server.ts'],
    rules: { 'no-console': 'off' },
  },
  // Small parts a newcomer can read (issue 21): no source file over 400 lines, no function over 120.
  // Tests, stories and benches are exempt: a long table of cases reads better whole.
  {
    files: ['src/**/*.ts', 'elements/**/*.ts', 'inspector/**/*.ts', 'server/**/*.ts', 'build/**/*.ts', 'scripts/**/*.{ts,mjs}', 'examples/**/*.ts'],
    ignores: ['**/*.stories.ts', '**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
