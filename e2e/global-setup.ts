/**
 * Runs once in Playwright's runner before the journeys. It asks the portal for the figures the coverage-statistics
 * journey needs (e2e/support/coverage-scope.ts): a reader's request moves their keys to the front of the figures'
 * background queue (lib/server/coverage-figures, ADR 0032), so they are computed while the first journeys run instead
 * of while that journey waits (it waited ~50 s of its 66 s in CI).
 *
 * It never holds the run up and never fails it: the asking goes on in the background (whether Playwright starts the
 * web server before or after this setup), every 3 s until both answers are complete or 8 minutes have passed, and on
 * timers that do not keep the runner alive.
 */
import { PROVINCE, quarters } from './support/coverage-scope';

const BASE = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const GIVE_UP_MS = 8 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function complete(path: string): Promise<boolean> {
  try {
    const response = await fetch(`${BASE}${path}`, { headers: { 'x-locale': 'en' }, signal: AbortSignal.timeout(20_000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { code?: number; data?: { progress?: unknown } };
    return body.code === 0 && body.data?.progress === undefined;
  } catch {
    return false; // not up yet, or busy: asked again
  }
}

async function askForCoverageFigures(): Promise<void> {
  const paths = quarters().map((q) => `/api/sta-image/v2/statistics/coverage/city/${PROVINCE}/${q}`);
  const until = Date.now() + GIVE_UP_MS;
  const pending = new Set(paths);
  while (pending.size > 0 && Date.now() < until) {
    for (const path of [...pending]) if (await complete(path)) pending.delete(path);
    if (pending.size > 0) await sleep(3_000);
  }
}

export default function globalSetup(): void {
  void askForCoverageFigures();
}
