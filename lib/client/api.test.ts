import { z } from 'zod';
import { defineContract } from '../shared/contracts/api';
import { ALL_CONTRACTS } from '../shared/contracts';
import { ApiClientError, apiFetch, configureApiClient, fillPath } from './api';

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

  it('reports a body cut off mid-way (the visitor navigated on) as a network failure, a non-JSON body as invalid', async () => {
    global.fetch = jest.fn(async () => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":0,'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    // Read as "invalid", a session's user info cut off this way dropped the session hint (signed out on the next page).
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ kind: 'network' });
    answer(200, '<html>not json</html>');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('apiFetch(contract, …): the typed call', () => {
  const item = defineContract({
    method: 'PUT',
    path: '/api/things/{id}/parts/{part}',
    summary: 'test',
    tag: 'test',
    access: 'public',
    params: z.object({ id: z.string(), part: z.string() }),
    query: z.object({ lang: z.enum(['zh', 'en']), page: z.coerce.number().optional() }),
    body: z.object({ name: z.string(), tags: z.array(z.string()).default([]) }),
    response: z.object({ n: z.number() }),
  });
  const plain = defineContract({
    method: 'GET',
    path: '/api/plain',
    summary: 'test',
    tag: 'test',
    access: 'public',
    response: z.object({ ok: z.boolean() }).nullable(),
  });
  const upload = defineContract({
    method: 'PUT',
    path: '/api/upload/{id}',
    summary: 'test',
    tag: 'test',
    access: 'public',
    params: z.object({ id: z.string() }),
    response: z.object({ size: z.number() }),
  });

  it('fills the path placeholders URL-encoded, sends query and JSON body with the contract method, answers parsed data', async () => {
    answer(200, { code: 0, message: 'ok', data: { n: 2 } });
    const data = await apiFetch(item, {
      params: { id: 'a b/c', part: '中' },
      query: { lang: 'en', page: 3 },
      body: { name: 'x' },
    });
    expect(data).toEqual({ n: 2 });
    expect(lastRequest?.url).toBe('/api/things/a%20b%2Fc/parts/%E4%B8%AD?lang=en&page=3');
    expect(lastRequest?.init.method).toBe('PUT');
    expect(lastRequest?.init.body).toBe('{"name":"x"}');
    expect((lastRequest?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('leaves empty query values out and takes no request when the contract needs none', async () => {
    answer(200, { code: 0, message: 'ok', data: null });
    await expect(apiFetch(plain)).resolves.toBeNull();
    expect(lastRequest?.url).toBe('/api/plain');
    expect(lastRequest?.init.method).toBe('GET');
    answer(200, { code: 0, message: 'ok', data: { n: 1 } });
    await apiFetch(item, { params: { id: '1', part: '2' }, query: { lang: 'zh', page: undefined }, body: { name: 'y' } });
    expect(lastRequest?.url).toBe('/api/things/1/parts/2?lang=zh');
  });

  it('sends a raw body (an image) as it is when the contract has no body schema', async () => {
    answer(200, { code: 0, message: 'ok', data: { size: 3 } });
    const image = new Blob(['abc'], { type: 'image/png' });
    await expect(apiFetch(upload, { params: { id: '7' }, body: image })).resolves.toEqual({ size: 3 });
    expect(lastRequest?.init.body).toBe(image);
    expect((lastRequest?.init.headers as Record<string, string>)['content-type']).toBe('image/png');
  });

  it("fails with 'invalid' when the answer does not match the contract's response", async () => {
    answer(200, { code: 0, message: 'ok', data: { n: 'two' } });
    await expect(
      apiFetch(item, { params: { id: '1', part: '2' }, query: { lang: 'zh' }, body: { name: 'x' } }),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'fallback:invalid' });
  });

  it('refuses to send a request with a placeholder missing', async () => {
    answer(200, { code: 0, message: 'ok', data: { n: 1 } });
    global.fetch = jest.fn() as typeof fetch;
    expect(() => fillPath('/a/{id}', {})).toThrow('{id}');
    expect(fillPath('/a/{id}/b', { id: '' })).toBe('/a//b');
    // @ts-expect-error — `part` is missing
    await expect(apiFetch(item, { params: { id: '1' }, query: { lang: 'zh' }, body: { name: 'x' } })).rejects.toThrow('{part}');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('checks the request against the contract at compile time', () => {
    // Only types are checked here (`npm run typecheck`); the calls are never made.
    const calls = [
      // @ts-expect-error — params are required
      () => apiFetch(item, { query: { lang: 'zh' }, body: { name: 'x' } }),
      // @ts-expect-error — a body of the wrong type
      () => apiFetch(item, { params: { id: '1', part: '2' }, query: { lang: 'zh' }, body: { name: 1 } }),
      // @ts-expect-error — a query value the schema does not accept
      () => apiFetch(item, { params: { id: '1', part: '2' }, query: { lang: 'fr' }, body: { name: 'x' } }),
      // @ts-expect-error — the contract takes no params
      () => apiFetch(plain, { params: { id: '1' } }),
      // @ts-expect-error — a JSON body for a contract that takes raw bytes
      () => apiFetch(upload, { params: { id: '1' }, body: { name: 'x' } }),
      async () => {
        const data = await apiFetch(item, { params: { id: '1', part: '2' }, query: { lang: 'zh' }, body: { name: 'x' } });
        const n: number = data.n;
        // @ts-expect-error — the answer is typed from the response schema
        const s: string = data.n;
        const maybe = await apiFetch(plain);
        // @ts-expect-error — a nullable response may be null
        const ok: boolean = maybe.ok;
        return [n, s, ok];
      },
    ];
    expect(calls).toHaveLength(6);
  });
});

describe('every contract names its path placeholders in its params schema', () => {
  it.each(ALL_CONTRACTS.map((c) => [c.path, c] as const))('%s', (path, contract) => {
    const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const shape = contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];
    expect(shape).toEqual(placeholders);
  });
});
