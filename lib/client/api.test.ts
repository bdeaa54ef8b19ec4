import { z } from 'zod';
import { ApiClientError, apiFetch, configureApiClient } from './api';

const onUnauthorized = jest.fn();
let lastRequest: { url: string; init: RequestInit } | undefined;

function answer(status: number, body: unknown) {
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    lastRequest = { url: String(url), init: init ?? {} };
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

beforeEach(() => {
  onUnauthorized.mockReset();
  configureApiClient({
    locale: () => 'en',
    token: () => 'tok-123',
    onUnauthorized,
    fallbackMessage: (kind) => `fallback:${kind}`,
  });
});

describe('apiFetch (spec §8)', () => {
  it('returns data of a code-0 envelope and sends the token, locale and query', async () => {
    answer(200, { code: 0, message: 'ok', data: { n: 1 } });
    await expect(apiFetch('/api/x', { query: { a: 1, b: '', c: undefined } })).resolves.toEqual({ n: 1 });
    expect(lastRequest?.url).toBe('/api/x?a=1');
    const headers = lastRequest?.init.headers as Record<string, string>;
    expect(headers.token).toBe('tok-123');
    expect(headers['x-locale']).toBe('en');
  });

  it('posts JSON bodies', async () => {
    answer(200, { code: 0, message: 'ok', data: null });
    await apiFetch('/api/x', { body: { name: 'ALL' } });
    expect(lastRequest?.init.method).toBe('POST');
    expect(lastRequest?.init.body).toBe('{"name":"ALL"}');
  });

  it('logs out on HTTP 401 and rejects silently', async () => {
    answer(401, { code: 401, message: 'expired', data: null });
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).silent).toBe(true);
  });

  it.each([404, 504])('ignores HTTP %i quietly', async (status) => {
    answer(status, 'gateway');
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiClientError;
    expect(error.kind).toBe('ignored');
    expect(error.silent).toBe(true);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects other statuses with the server message, or a fallback', async () => {
    answer(500, { code: 500, message: 'boom', data: null });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ kind: 'http', status: 500, message: 'boom' });
    answer(502, '<html>bad gateway</html>');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ kind: 'http', message: 'fallback:http' });
  });

  it('raises a non-zero code with its message (shown to the user)', async () => {
    answer(200, { code: 400, message: 'Unknown visit name: X', data: null });
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiClientError;
    expect(error).toMatchObject({ kind: 'code', code: 400, message: 'Unknown visit name: X' });
    expect(error.silent).toBe(false);
  });

  it('validates data with a schema', async () => {
    answer(200, { code: 0, message: 'ok', data: { n: 'not a number' } });
    await expect(apiFetch('/api/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('reports network failures with the localized fallback', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ kind: 'network', message: 'fallback:network' });
  });
});
