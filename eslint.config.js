// @ts-check
/**
 * ESLint (flat config): JavaScript's and typescript-eslint's recommended rules without type information (fast on a
 * small machine: no type-checker per file; `npm run typecheck` does the types), the import rules that hold the layers
 * (docs/architecture.md "Lint and format"), and `eslint-config-prettier` last, so that formatting is Prettier's alone.
 *
 * Run `npm run lint`; `npm test` runs it before the type-check.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A relative import that climbs out of its package into another one's sources (`../../dam/src/…`,
 * `../../../packages/machines/src/…`): import the package by its name instead (`@magpie/api-types`), through what it
 * exports. Only a package root holds a `src` folder, so `…/<name>/src` after `../` is always another package.
 */
const OTHER_PACKAGE = {
  regex: String.raw`^(\.\./)+((apps|packages)/)?[^/.]+/src(/|$)`,
  message: 'Reach another package by its name (e.g. @magpie/api-types) and what it exports, not by a relative path into its sources.',
};

/** Services speak references, never URLs or HTTP (issue 10): hrefs are built in presenters, requests parsed in routes. */
const HTTP_LAYER = {
  regex: String.raw`(^|/)http/`,
  message: 'Services never import http/: take references from the route, build hrefs in presenters (docs/architecture.md).',
};

/** Routes call policies and services; only services use repositories (route → policy → service → repository). */
const REPOSITORY_LAYER = {
  regex: String.raw`(^|/)repositories/`,
  message: 'Routes never import repositories/: call a service (docs/architecture.md: route → policy → service → repository).',
};

/** @param {Array<{ regex: string, message: string }>} patterns */
const restrictedImports = (...patterns) => ['error', { patterns }];

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'packages/api-types/src/generated/', '.tmp/', '.ci/', 'data/', 'coverage/', 'test-results/', 'playwright-report/']),
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring to omit a key, a required callback parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-restricted-imports': restrictedImports(OTHER_PACKAGE),
      // A `let` assigned once but read first by a closure (a worker that notifies itself) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `{}` is a real type in conditional types (`{} extends Pick<T, K>`) and in Kysely's builder generics; empty
      // interfaces are still reported.
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
    },
  },
  {
    // Tests, benchmarks and their helpers read untyped JSON (answers, the samples manifest); migrations and the
    // generations repository run on any schema (Kysely's own advice: `Kysely<any>` for migrations).
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'tests/**', 'bench/**', 'apps/dam/src/db/**', 'apps/dam/src/repositories/generations.repository.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use no other fixture (`async ({}, use)`).
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // The two classic hooks rules; the React Compiler rules of the plugin's `recommended` preset are not adopted.
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/dam/src/services/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(OTHER_PACKAGE, HTTP_LAYER) },
  },
  {
    files: ['apps/dam/src/routes/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(OTHER_PACKAGE, REPOSITORY_LAYER) },
  },
  prettier,
]);
