// Which integration test files run on which database engine when `npm test` has both (TEST_ENGINE_SPLIT=1,
// set by scripts/test.mjs when TEST_POSTGRES_URL names a PostgreSQL server; README "Tests", ADR 0024).
//
// Every test runs once per CI run (issue 31.7): a file runs on the embedded PGlite or on PostgreSQL, not on both,
// except the files that test what the engines do differently (geometry repair and its bounds, migrations,
// statement timeouts and outages, large uploads, the PostGIS coverage analyses), which run on both. Every journey
// still meets both engines in the end-to-end suites. The PGlite phase is on the critical path of the run (the
// build waits for it), PostgreSQL's runs beside the build: PostgreSQL takes the larger share.
//
// A file named in no list runs on both engines, so a new test never goes unrun; place it here to save the time.
// Without TEST_ENGINE_SPLIT (a developer's `npm test` without PostgreSQL, or `npm run test:integration`) every
// file runs on whatever engine DATABASE_URL selects.

/** Files that run on both engines. */
export const BOTH_ENGINES = [
  'area-upload.test.ts',
  'catalogue-coverage.test.ts',
  'geometry-guard.test.ts',
  'load-and-outages.test.ts',
  'migrations.test.ts',
  // Issue 35 asks for both: batches and deliveries once each with two workers racing, on each engine's locking.
  'push.test.ts',
  'subscriptions.test.ts',
  // Issue 32.2: no statement holds the embedded engine; the same pieces must also hold on PostgreSQL.
  'short-statements.test.ts',
  // Issue 38.1: the shared limits have one implementation per engine (PostgreSQL rows, memory on PGlite).
  'shared-limits.test.ts',
];

/** Files that run on PGlite only. */
export const PGLITE_ONLY = [
  'about.test.ts',
  'abuse.test.ts',
  'catalogue-seed.test.ts',
  'feedback.test.ts',
  'figures.test.ts',
  'map-layer-access.test.ts',
  'news-editor.test.ts',
  'orbit-prediction.test.ts',
  'orders.test.ts',
  'planting.test.ts',
  // Issue 38.2: the routing through the handlers with a scripted standby; the real standby is tests/scale/read-replica.mjs.
  'read-replica.test.ts',
  'registration.test.ts',
  'themes-demo.test.ts',
  'tle-admin.test.ts',
];

/** Files that run on PostgreSQL only (region-cores has a case only PostgreSQL can run). */
export const POSTGRES_ONLY = [
  'applications.test.ts',
  'auth.test.ts',
  'catalogue-exports.test.ts',
  'catalogue-import.test.ts',
  'catalogue-map.test.ts',
  'catalogue-search.test.ts',
  'feedback-admin.test.ts',
  'map-services.test.ts',
  'news-cover-sizes.test.ts',
  'news.test.ts',
  'nonagricultural.test.ts',
  'openapi.test.ts',
  'orbits.test.ts',
  'orders-place.test.ts',
  'region-cores.test.ts',
  'regions.test.ts',
  'satellites.test.ts',
  'scene-lists.test.ts',
  'share.test.ts',
  'spots.test.ts',
  'stac.test.ts',
  'surface-deformation.test.ts',
  'themes.test.ts',
  'verification-cases.test.ts',
  'verification-deadlines.test.ts',
  'verification-exports.test.ts',
  'verification-field-package.test.ts',
  'verification-field-sync.test.ts',
  'verification-field.test.ts',
  'verification-map.test.ts',
  'verification-photos.test.ts',
  'verification-queries.test.ts',
  'visits.test.ts',
  'workflow-chain.test.ts',
  'workflow.test.ts',
];

/**
 * The integration files to leave out on an engine in a split run, as jest path patterns (empty when not split).
 * @param {'pglite' | 'postgres'} engine
 * @param {boolean} split
 * @returns {string[]}
 */
export function filesElsewhere(engine, split) {
  if (!split) return [];
  const other = engine === 'postgres' ? PGLITE_ONLY : POSTGRES_ONLY;
  return other.map((file) => `/tests/integration/${file.replace(/\./g, '\\.')}$`);
}
