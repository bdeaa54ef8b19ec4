/**
 * Two projects: `unit` (pure code, beside it as *.test.ts[x]) and `integration` (route handlers and
 * services against a real database: a migrated, seeded template copied per test file).
 */
import { mkdirSync } from 'node:fs';
import { filesElsewhere } from './tests/support/engine-split.mjs';

// --outputFile (the CI summary) needs its folder.
mkdirSync('test-results', { recursive: true });

// @swc/jest with the hot built-ins bound per module (tests/support/swc-transform.cjs: CPU-heavy code runs 4–13×
// slower under jest's vm context without it).
const swc = [
  '<rootDir>/tests/support/swc-transform.cjs',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages that jest must compile.
const esmPackages = [
  'next-intl',
  'use-intl',
  'icu-minify',
  '@formatjs',
  'intl-messageformat',
  '@schummar',
  'jose',
  'flatbush',
  'flatqueue',
  'react-leaflet',
  '@react-leaflet',
  'satellite\\.js',
  'geotiff',
  'quick-lru',
  'zstddec',
  'web-worker',
].join('|');

const shared = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/support/empty.cjs',
    '\\.(css)$': '<rootDir>/tests/support/empty.cjs',
    '^@/(.*)$': '<rootDir>/$1',
    // satellite.js exports only `import` conditions; jest (CommonJS) loads its ESM build through swc.
    '^satellite\\.js$': '<rootDir>/node_modules/satellite.js/dist/index.js',
    // geotiff's CommonJS build requires ESM-only packages (quick-lru): jest loads its ESM build through swc.
    '^geotiff$': '<rootDir>/node_modules/geotiff/dist-module/geotiff.js',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

const config = {
  // Per-project `testTimeout` is ignored by jest 30 (tests got the 5-s default); a slow database query on a
  // loaded CI machine must not fail a test that is correct.
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{lib,components,i18n,app,scripts}/**/*.test.{ts,tsx}', '<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
    },
    {
      ...shared,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      // With both engines in one run, each file runs on one of them (tests/support/engine-split.mjs).
      testPathIgnorePatterns: [
        '/node_modules/',
        ...filesElsewhere(process.env.DATABASE_URL ? 'postgres' : 'pglite', process.env.TEST_ENGINE_SPLIT === '1'),
      ],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
      testTimeout: 60_000,
    },
  ],
};

export default config;
