// `npm run test:e2e`: builds the production app when needed (always in CI), then runs Playwright
// against `next start` on a fresh embedded database (or DATABASE_URL when set).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (args, env = process.env) => spawnSync(process.execPath, args, { stdio: 'inherit', env }).status ?? 1;

if (process.env.CI === 'true' || process.env.E2E_BUILD === '1' || !existsSync('.next/BUILD_ID')) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('[e2e] building the production app…');
    const status = run(['node_modules/next/dist/bin/next', 'build']);
    if (status !== 0) process.exit(status);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const status = run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  // The same demo scene generator as production, at a size that loads in seconds.
  DEMO_CATALOGUE_SCENES: '20000',
  ...process.env,
  E2E_DATA_DIR: dataDir,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
