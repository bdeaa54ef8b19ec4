/**
 * Runs once when the server starts: opens the database, applies migrations and seeds demo data (the
 * steps of the composition root lib/server/composition/seeds.ts), with progress on the console. `next build` never
 * opens the database (PGlite allows one process per data directory, and the build's page workers are
 * separate processes).
 */
export async function register() {
  // NEXT_RUNTIME stays a literal `process.env` read: the bundler replaces it per runtime, which keeps the
  // Node-only imports below out of the edge bundle (the one allowed read outside lib/server/env.ts).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { isProductionBuildPhase } = await import('./lib/server/env');
  if (isProductionBuildPhase()) return;
  const [{ getDb, setSeedSteps }, { SEED_STEPS }, { warnIfCaptchaFixed }, { warnIfWebhookLoopbackAllowed }] = await Promise.all([
    import('./lib/server/db'),
    import('./lib/server/composition/seeds'),
    import('./lib/server/auth/captcha'),
    import('./lib/server/subscriptions'),
  ]);
  warnIfCaptchaFixed();
  warnIfWebhookLoopbackAllowed();
  setSeedSteps(SEED_STEPS);
  await getDb();
  // Order production and notifications: the database job queue, run in this process (JOB_WORKER).
  const [{ startJobWorker }, { JOB_WORKER_SETUP }] = await Promise.all([
    import('./lib/server/jobs/worker'),
    import('./lib/server/composition/jobs'),
  ]);
  startJobWorker(JOB_WORKER_SETUP);
}
