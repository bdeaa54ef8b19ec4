import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Admission, admissionSettings, admittingHandler } from './admission.mjs';

const OUTAGE_KEY = Symbol.for('portal.databaseOutageUntil');

/**
 * A server whose "Next" answers after `ms` (or, with `ms` null, when `open()` is called), behind
 * `admission`; the client is the x-client header.
 */
async function serve(admission: Admission, ms: number | null) {
  const held: http.ServerResponse[] = [];
  let opened = false;
  const handler = admittingHandler(
    admission,
    (req) => String(req.headers['x-client'] ?? 'anon'),
    (_req, res) => {
      if (ms !== null) setTimeout(() => res.end('rendered'), ms);
      else if (opened) res.end('rendered');
      else held.push(res);
    },
  );
  const open = () => {
    opened = true;
    for (const res of held.splice(0)) res.end('rendered');
  };
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { status: res.status, headers: res.headers, text: await res.text(), ms: Date.now() - started };
  };
  return { get, open, held, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('admission (server.mjs load shedding)', () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[OUTAGE_KEY];
  });

  it('answers a quick 503 with Retry-After when the limit and the queue are full, in the caller language', async () => {
    const admission = new Admission({ maxActive: 2, maxQueue: 2, maxWaitMs: 10_000 });
    // The admitted requests are held until every other one has been answered: a hang would time the test out.
    const server = await serve(admission, null);
    try {
      const admitted = Array.from({ length: 4 }, () => server.get('/chinese/home'));
      while (server.held.length < 2 || admission.queued < 2) await new Promise((r) => setTimeout(r, 10));
      const shed = await Promise.all([
        server.get('/api/region/v1/region/pid/100000/s', { 'x-locale': 'en' }),
        server.get('/chinese/home'),
        server.get('/map/cloudPlatform/wms?REQUEST=GetMap'),
      ]);
      server.open();
      expect((await Promise.all(admitted)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
      for (const a of shed) {
        expect(a.status).toBe(503);
        expect(a.headers.get('retry-after')).toBe('1');
      }
      const api = shed.find((a) => a.headers.get('content-type') === 'application/json')!;
      expect(JSON.parse(api.text)).toEqual({ code: 503, message: 'The service is busy, please try again in 1 seconds', data: null });
      expect(shed.find((a) => a.headers.get('content-type')?.startsWith('text/html'))!.text).toContain('服务繁忙');
      expect(shed.find((a) => a.headers.get('content-type')?.includes('ogc'))!.text).toContain(
        '<ServiceException code="NoApplicableCode">',
      );
    } finally {
      await server.close();
    }
  });

  it('sheds a request that waited longer than the limit', async () => {
    const server = await serve(new Admission({ maxActive: 1, maxQueue: 10, maxWaitMs: 150 }), null);
    try {
      const first = server.get('/english/home');
      while (server.held.length < 1) await new Promise((r) => setTimeout(r, 10));
      // The first is held until the second has its answer: the second must not wait for it.
      const second = await server.get('/english/home');
      server.open();
      expect((await first).status).toBe(200);
      expect(second.status).toBe(503);
      expect(second.text).toContain('Service busy');
    } finally {
      await server.close();
    }
  });

  it('serves waiting clients in turn, and a full queue drops from the client waiting most', async () => {
    const admission = new Admission({ maxActive: 1, maxQueue: 4, maxWaitMs: 10_000 });
    const order: string[] = [];
    const hold = await admission.admit('a');
    const wait = (client: string) =>
      admission.admit(client).then((release) => {
        order.push(release ? client : `${client}:shed`);
        release?.();
      });
    // The flooding client queues four requests before b asks once.
    const waiting = [wait('a'), wait('a'), wait('a'), wait('a')];
    await Promise.resolve();
    const b = wait('b');
    await Promise.resolve();
    expect(order).toEqual(['a:shed']);
    hold!();
    await Promise.all([...waiting, b]);
    // b is not served after all of a's: the round goes a, b, a, a.
    expect(order).toEqual(['a:shed', 'a', 'b', 'a', 'a']);
    expect(admission.active).toBe(0);
    expect(admission.queued).toBe(0);
  });

  it('answers a page that fails while the database is marked unavailable with the busy page, and leaves the rest alone', async () => {
    const admission = new Admission({ maxActive: 4, maxQueue: 4, maxWaitMs: 1_000 });
    const handler = admittingHandler(
      admission,
      () => 'anon',
      (req, res) => {
        // Next: the news list cannot be rendered, the home page comes from its cache, the API answers its own 503.
        if (req.url === '/english/platform/newsList/notic') {
          res.statusCode = 500;
          res.setHeader('content-type', 'text/html');
          res.setHeader('x-nextjs-cache', 'MISS');
          res.end('<html>Internal Server Error</html>');
        } else res.end(req.url === '/api/x' ? 'api' : 'home');
      },
    );
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const before = await fetch(`${base}/english/platform/newsList/notic`);
      expect(before.status).toBe(500);
      await before.text();
      (globalThis as Record<symbol, unknown>)[OUTAGE_KEY] = Date.now() + 5_000;
      const page = await fetch(`${base}/english/platform/newsList/notic`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('x-nextjs-cache')).toBeNull();
      const html = await page.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Service busy');
      expect(html).not.toContain('Internal Server Error');
      const home = await fetch(`${base}/chinese/home`);
      expect([home.status, await home.text()]).toEqual([200, 'home']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('passes a page through wrappers Next puts on the answer after it (compression)', async () => {
    const admission = new Admission({ maxActive: 4, maxQueue: 4, maxWaitMs: 1_000 });
    const handler = admittingHandler(
      admission,
      () => 'anon',
      (_req, res) => {
        // Like Next's compression: wraps write/end and sends what it made of the body.
        const { write, end } = res;
        res.write = function (this: http.ServerResponse, chunk: string) {
          return write.call(this, `[${chunk.toUpperCase()}]`, 'utf8');
        } as typeof res.write;
        res.end = function (this: http.ServerResponse, chunk?: string) {
          return end.call(this, chunk ? `[${chunk.toUpperCase()}]` : undefined, 'utf8');
        } as typeof res.end;
        res.statusCode = 200;
        res.write('first');
        res.end('second');
      },
    );
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/english/monitor/landcover`);
      expect(await res.text()).toBe('[FIRST][SECOND]');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reads its limits from the environment', () => {
    expect(admissionSettings({})).toEqual({ maxActive: 48, maxQueue: 400, maxWaitMs: 2000 });
    expect(admissionSettings({ MAX_ACTIVE_REQUESTS: '0', MAX_QUEUED_REQUESTS: '5', MAX_QUEUE_WAIT_MS: '100' })).toEqual({
      maxActive: 0,
      maxQueue: 5,
      maxWaitMs: 100,
    });
    expect(() => admissionSettings({ MAX_QUEUE_WAIT_MS: '0' })).toThrow(/MAX_QUEUE_WAIT_MS/);
  });
});
