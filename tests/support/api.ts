/** Helpers for calling route handlers directly, as Next would, against a per-file test database. */
import { GET as publicKeyGet } from '../../app/api/usercenter/v1/userinfo/login/publickey/route';
import { setDatabase } from '../../lib/server/db';
import { resetEnvCache } from '../../lib/server/env';
import type { Database } from '../../lib/server/db/types';
import { openTestDatabase } from './template-db';

// Copying the template takes a few seconds on a loaded machine; jest's project configs do not pass
// `testTimeout` on to hooks, so the hooks name their own limit.
const HOOK_TIMEOUT_MS = 60_000;

export function withTestDatabase(): () => Database & { url?: string } {
  let db: (Database & { dispose(): Promise<void>; url?: string }) | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
    setDatabase(db);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await db?.dispose();
  }, HOOK_TIMEOUT_MS);
  return () => {
    if (!db) throw new Error('test database not open yet');
    return db;
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const request = new Request(`http://localhost:3000${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  return {
    status: response.status,
    headers: response.headers,
    cookies: response.headers.getSetCookie(),
    json: (await response.json()) as { code: number; message: string; data: any },
  };
}

/**
 * Every captcha answer is `answer` for this file (CAPTCHA_FIXED_ANSWER, as the end-to-end server runs);
 * returns the login public key, read once the environment is set.
 */
export function withFixedCaptcha(answer: string): () => string {
  let publicKey = '';
  beforeAll(async () => {
    process.env.CAPTCHA_FIXED_ANSWER = answer;
    resetEnvCache();
    publicKey = (await call(publicKeyGet, '/api/usercenter/v1/userinfo/login/publickey')).json.data.publicKey;
  }, HOOK_TIMEOUT_MS);
  afterAll(() => {
    delete process.env.CAPTCHA_FIXED_ANSWER;
    resetEnvCache();
  });
  return () => publicKey;
}
