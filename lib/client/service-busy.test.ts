/**
 * A busy server (HTTP 503 with Retry-After: load shedding, or the database restarting) is a "retrying"
 * state for the user, not an error: the fetch wrapper reports it once and the end of it, and the query
 * client tries again at the pace the server asked for.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiClientError, apiFetch, configureApiClient, retryAfterMs } from './api';
import { BUSY_RETRIES, retryDelay, shouldRetry } from './query-client';

const onBusy = jest.fn();
const onRecovered = jest.fn();

/** fetch answering each call with the next of `answers` (the last one repeats). */
function answers(...list: Array<{ status: number; body: unknown; retryAfter?: string }>) {
  let i = 0;
  global.fetch = jest.fn(async () => {
    const a = list[Math.min(i++, list.length - 1)]!;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (a.retryAfter !== undefined) headers['retry-after'] = a.retryAfter;
    return new Response(JSON.stringify(a.body), { status: a.status, headers });
  }) as typeof fetch;
}

const BUSY = { status: 503, body: { code: 503, message: '服务繁忙，请 5 秒后重试', data: null }, retryAfter: '1' };
const OK = { status: 200, body: { code: 0, message: 'ok', data: { n: 1 } } };

beforeEach(() => {
  onBusy.mockReset();
  onRecovered.mockReset();
  configureApiClient({
    locale: () => 'zh',
    token: () => null,
    onUnauthorized: () => {},
    fallbackMessage: (k) => `fallback:${k}`,
    onBusy,
    onRecovered,
  });
});

describe('fetch wrapper on HTTP 503', () => {
  it("fails with kind 'busy', the server's message and its Retry-After, and reports the busy state once until an answer", async () => {
    answers(BUSY, BUSY, OK);
    const first = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiClientError;
    expect(first).toBeInstanceOf(ApiClientError);
    expect(first).toMatchObject({ kind: 'busy', status: 503, message: '服务繁忙，请 5 秒后重试', retryAfterMs: 1000 });
    expect(first.silent).toBe(false);
    await apiFetch('/api/x').catch(() => {});
    expect(onBusy).toHaveBeenCalledTimes(1);
    expect(onRecovered).not.toHaveBeenCalled();
    await expect(apiFetch('/api/x')).resolves.toEqual({ n: 1 });
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });

  it('reads Retry-After as seconds within 1–60, and waits 2 s when there is none or it is a date', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs('0')).toBe(1000);
    expect(retryAfterMs('3600')).toBe(60_000);
    expect(retryAfterMs(null)).toBe(2000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(2000);
  });
});

describe('query retries', () => {
  const busy = new ApiClientError('busy', 'busy', 503, undefined, 3000);

  it('retries busy answers a few times at the server pace, network failures twice, other API errors never', () => {
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(BUSY_RETRIES - 1, busy)).toBe(true);
    expect(shouldRetry(BUSY_RETRIES, busy)).toBe(false);
    expect(shouldRetry(0, new ApiClientError('code', 'no', 200, 400))).toBe(false);
    expect(shouldRetry(0, new ApiClientError('http', 'no', 500))).toBe(false);
    expect(shouldRetry(1, new TypeError('offline'))).toBe(true);
    expect(shouldRetry(2, new TypeError('offline'))).toBe(false);
    expect(retryDelay(1, busy)).toBe(3000);
    expect(retryDelay(1, new TypeError('offline'))).toBe(2000);
  });

  it('a query whose server is busy once resolves after the Retry-After pause, without an error', async () => {
    answers(BUSY, OK);
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay } } });
    const observer = new QueryObserver(client, { queryKey: ['x'], queryFn: () => apiFetch<{ n: number }>('/api/x') });
    const states: string[] = [];
    const started = Date.now();
    const data = await new Promise((resolve) => {
      const stop = observer.subscribe((r) => {
        states.push(r.status);
        if (r.status !== 'pending') {
          stop();
          resolve(r.data);
        }
      });
    });
    expect(data).toEqual({ n: 1 });
    expect(states).not.toContain('error');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(onBusy).toHaveBeenCalledTimes(1);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    client.clear();
  });
});
