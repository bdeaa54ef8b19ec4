import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', '.data/**', '.test-data/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'scripts/bench/results/**']),
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layering (DESIGN.md §3): UI never reaches into server code.
    files: ['components/**', 'lib/client/**', 'lib/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/lib/server/**', '@/lib/server/**'], message: 'Server code is reached through app/ (pages, route handlers), never from components or shared code.' }] }],
    },
  },
  {
    // Leaflet lives only in components/map (DESIGN.md "Maps").
    files: ['**/*.{ts,tsx}'],
    ignores: ['components/map/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'leaflet', message: 'Import Leaflet only inside components/map/.' }, { name: 'react-leaflet', message: 'Import react-leaflet only inside components/map/.' }] }],
    },
  },
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
