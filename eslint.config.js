// Lint: typescript-eslint's recommended rules (syntax only, so it stays fast) plus the import
// directions of ARCHITECTURE.md ("arrows point one way").
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import { roomImports } from './scripts/lint/room-imports.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

const UI = {
  group: ['**/engine/**', '**/ads/**', '**/api/**', '**/workers/**', 'mux.js', 'mux.js/*'],
  message: 'The UI reads state and dispatches requests; it never imports engines, ads, the API or workers.',
};
const HLS = { group: ['hls.js', 'hls.js/*'], message: 'hls.js is imported only inside src/engine/hls, lazily.' };
const DASH = { group: ['dashjs'], message: 'dash.js is imported only inside src/engine/dash, lazily.' };
const SERVER = { group: ['**/server/**'], message: 'The player never imports the server; what both sides need is in src/contract.' };
const DOM = { group: ['react', 'react-dom', 'react-dom/*', '**/src/ui/**'], message: 'Workers are DOM-free: no React, no UI code.' };
// Types may be shared freely; code reaches the workers only through their one door.
const WORKERS = {
  group: ['**/workers/**'],
  allowTypeImports: true,
  message: 'Worker code is reached only through src/workers-client (spawn, timeout, inline fallback, destroy); import its types freely.',
};

const restrict = (files, ignores, rules) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: rules }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'server/media/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // One block per area: flat config lets a later block replace a rule, so areas must not overlap.
  restrict(['src/ui/**'], [], [UI, HLS, DASH, SERVER]),
  restrict(['src/engine/hls/**'], [], [DASH, SERVER, WORKERS]),
  restrict(['src/engine/dash/**'], [], [HLS, SERVER, WORKERS]),
  restrict(['src/workers-client/**'], [], [HLS, DASH, SERVER]),
  restrict(['src/**'], ['src/ui/**', 'src/engine/hls/**', 'src/engine/dash/**', 'src/workers-client/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'], [HLS, DASH, SERVER, WORKERS]),
  restrict(['src/**/*.test.ts', 'src/**/*.test.tsx'], ['src/ui/**', 'src/engine/hls/**', 'src/engine/dash/**', 'src/workers-client/**'], [HLS, DASH, SERVER]),
  restrict(['workers/**'], [], [DOM, HLS, DASH, SERVER]),
  // The player event map (src/core/events.ts) is how anyone hears what the content does: the raw
  // <video> is listened to by the core and the engines only, so an ad's element is never content.
  // The ad's own element reports through src/core/ad-element-events.ts.
  {
    files: ['src/**'],
    ignores: ['src/core/**', 'src/engine/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(add|remove)EventListener$/][callee.object.name=/^(video|media|videoElement|mediaElement)$/]",
          message: 'Listen to the player events (core.events / app.events), not to the <video> element.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(add|remove)EventListener$/][callee.object.property.name=/^(video|media)$/]",
          message: 'Listen to the player events (core.events / app.events), not to the <video> element.',
        },
        {
          selector: "AssignmentExpression[left.object.name=/^(video|media)$/][left.property.name=/^on[a-z]+$/]",
          message: 'Listen to the player events (core.events / app.events), not to the <video> element.',
        },
      ],
    },
  },

  // What crosses a thread or a process lives in src/contract (DOM-free, at the bottom): the
  // server, the workers, the site and the SDK import code from src/ only through it, and the
  // contract imports nothing of ours outside itself. Tests may wire rooms together.
  ...[
    [['server/**'], ['src/'], ['src/contract/'], 'The server imports code from src/ only through src/contract'],
    [['workers/**'], ['src/'], ['src/contract/'], 'Workers import code from src/ only through src/contract'],
    [['src/site/**'], ['src/'], ['src/contract/', 'src/site/', 'src/embed/index.ts'], 'The site imports src/contract, its own folder, and the player only through the SDK\'s public entry (src/embed/index.ts)'],
    [['src/embed/**'], ['src/'], ['src/contract/', 'src/embed/'], 'The SDK imports code from src/ only through src/contract'],
    [['src/demo-page/**'], ['src/'], ['src/contract/', 'src/demo-page/'], 'The demo page\'s script imports code from src/ only through src/contract'],
    [['src/analytics-dashboard/**'], ['src/'], ['src/contract/', 'src/analytics-dashboard/'], 'The dashboard\'s script imports code from src/ only through src/contract'],
    [['src/contract/**'], [''], ['src/contract/'], 'The contract is the bottom room: it imports nothing of ours outside src/contract'],
  ].map(([files, guard, allow, message]) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts'],
    plugins: { rooms: { rules: { 'room-imports': roomImports } } },
    rules: { 'rooms/room-imports': ['error', { root: ROOT, guard, allow, message }] },
  })),
);
