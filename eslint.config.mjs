import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const LAYERING_MESSAGE = 'lib/server (server code) is reached through app/ (pages, route handlers), never from components or shared code.';
const LAYERING = [
  { group: ['@/lib/server', '@/lib/server/**', '**/lib/server', '**/lib/server/**'], message: LAYERING_MESSAGE },
  // '../server/…' from inside lib/ (gitignore-style groups do not match leading '../').
  { regex: '^(\\.\\./)+server(/|$)', message: LAYERING_MESSAGE },
];
const LEAFLET_PATHS = ['leaflet', 'react-leaflet', 'leaflet.wms'].map((name) => ({
  name,
  message: `Import ${name} only inside components/map/.`,
}));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.data/**',
    '.test-data/**',
    'node_modules/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'scripts/bench/results/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // One no-restricted-imports setting per file group: in flat config a later block's setting for a
  // rule replaces an earlier one for the same file, so each group lists every restriction it needs.
  // Tested by tests/unit/lint-rules.test.ts.
  {
    // Leaflet lives only in components/map (DESIGN.md "Maps").
    files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    ignores: ['components/map/**'],
    rules: { 'no-restricted-imports': ['error', { paths: LEAFLET_PATHS }] },
  },
  {
    // Layering (DESIGN.md §3): UI and shared code never reach into server code …
    files: ['components/**', 'lib/client/**', 'lib/shared/**'],
    ignores: ['components/map/**'],
    rules: { 'no-restricted-imports': ['error', { paths: LEAFLET_PATHS, patterns: LAYERING }] },
  },
  {
    // … and the map, the one place allowed Leaflet, neither.
    files: ['components/map/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: LAYERING }] },
  },
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
