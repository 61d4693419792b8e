import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';

// The layers (docs/architecture.md, "Who may import whom"): each folder names what it must not import. Type-only
// imports are allowed (they leave no code behind); test/unit/layers.test.ts shows a violation fails.
const SOLVERS = ['**/core/solve', '**/core/solve/**', '**/core/strategy', '**/core/strategy/**'];
const CORE_ABOVE = ['**/core/simulate', '**/core/simulate/**', '**/core/prior/**'];
const PLATFORM = ['node:*', 'electron', 'better-sqlite3', 'piscina'];
/**
 * @param {string[]} files
 * @param {string[]} group import patterns refused (gitignore style)
 * @param {string} message
 * @param {string} [regex] a further pattern, as a regular expression
 * @returns {import('eslint').Linter.Config}
 */
const layer = (files, group, message, regex) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { group, message, allowTypeImports: true },
          ...(regex ? [{ regex, message, allowTypeImports: true }] : []),
        ],
      },
    ],
  },
});
const layers = [
  layer(
    ['src/core/**/*.ts'],
    ['**/shared/**', '**/main/**', '**/cli/**', '**/preload/**', '**/renderer/**', ...PLATFORM],
    'core is pure: it imports nothing above it (no shared, main, cli or UI) and no Node or Electron.',
  ),
  layer(
    ['src/shared/**/*.ts'],
    [...SOLVERS, ...CORE_ABOVE, '**/main/**', '**/cli/**', '**/renderer/**', ...PLATFORM],
    'the contract imports no solver, strategy, simulator or learner, and nothing of main or the UI: names come from shared/catalog.',
  ),
  layer(
    ['src/preload/**/*.ts'],
    ['**/core/**', '**/main/**', '**/renderer/**', '**/shared/api', '**/shared/schema'],
    'the preload is one small sandboxed bundle: it reads shared/methods (and types) only.',
  ),
  layer(
    ['src/renderer/**/*.{ts,svelte}'],
    [
      '**/core/strategy',
      '**/core/strategy/**',
      '**/core/simulate',
      '**/core/simulate/**',
      '**/main/**',
      '**/cli/**',
      '**/preload/**',
    ],
    'the renderer reaches main through the API only, and draws no solver into its bundle (shared/catalog has the names).',
    // The solvers and learners, but for the board geometry and the prior presets it draws with.
    '(^|/)core/(solve(/(?!board$).*)?|prior/(?!presets$).*)$',
  ),
];

export default defineConfig(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ts.configs.recommended,
  svelte.configs.recommended,
  prettier,
  svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/renderer/**/*.{ts,svelte}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        parser: ts.parser,
        extraFileExtensions: ['.svelte'],
      },
    },
  },
  ...layers,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
