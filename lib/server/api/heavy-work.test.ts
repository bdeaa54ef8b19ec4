import { ApiError } from './errors';
import { heavyLimits, HeavyWorkGate } from './heavy-work';

const refusedWith = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  return { key: api.messageKey, status: api.status, retryAfter: api.headers['retry-after'] };
};

describe('admission of the expensive analyses (issue 32.2)', () => {
  it('lets one client run one and wait for one more, and refuses a third at once with 503 + Retry-After', async () => {
    const gate = new HeavyWorkGate({ maxActive: 4, perClient: 1, maxQueue: 10, maxWaitMs: 5_000 });
    const first = await gate.enter('ip:a');
    const second = gate.enter('ip:a');
    expect(gate.load('ip:a')).toEqual({ running: 1, waiting: 1 });
    expect(await refusedWith(gate.enter('ip:a'))).toEqual({ key: 'heavyOwnBusy', status: 503, retryAfter: '5' });
    // Another client is not held up by the first one's work.
    const other = await gate.enter('ip:b');
    first();
    const secondRelease = await second;
    expect(gate.load('ip:a')).toEqual({ running: 1, waiting: 0 });
    secondRelease();
    other();
    expect(gate.load('ip:a')).toEqual({ running: 0, waiting: 0 });
  });

  it('runs at most maxActive at once and admits the waiting in turn by client', async () => {
    const gate = new HeavyWorkGate({ maxActive: 1, perClient: 2, maxQueue: 10, maxWaitMs: 5_000 });
    const order: string[] = [];
    const a1 = await gate.enter('a');
    const a2 = gate.enter('a').then((release) => (order.push('a2'), release));
    const b1 = gate.enter('b').then((release) => (order.push('b1'), release));
    const a3 = gate.enter('a').then((release) => (order.push('a3'), release));
    a1();
    (await a2)();
    (await b1)();
    (await a3)();
    // a2 came first; then b's turn before a's next, though a3 arrived before b was served.
    expect(order).toEqual(['a2', 'b1', 'a3']);
  });

  it('refuses work that waited too long, or that finds the queue full', async () => {
    const gate = new HeavyWorkGate({ maxActive: 1, perClient: 1, maxQueue: 1, maxWaitMs: 50 });
    const running = await gate.enter('a');
    const waited = gate.enter('b');
    expect(await refusedWith(gate.enter('c'))).toEqual({ key: 'heavyBusy', status: 503, retryAfter: '1' });
    expect(await refusedWith(waited)).toEqual({ key: 'heavyBusy', status: 503, retryAfter: '1' });
    running();
    // The refused ones left nothing behind: the next request starts at once.
    const next = await gate.enter('d');
    expect(gate.load('b')).toEqual({ running: 0, waiting: 0 });
    next();
  });

  it('gives capacity that only other clients’ own bounds held back to a new client at once', async () => {
    const gate = new HeavyWorkGate({ maxActive: 2, perClient: 1, maxQueue: 10, maxWaitMs: 5_000 });
    const a1 = await gate.enter('a');
    const a2 = gate.enter('a'); // waits behind a's own
    const b1 = await Promise.race([gate.enter('b'), new Promise((resolve) => setTimeout(() => resolve('waited'), 200))]);
    expect(typeof b1).toBe('function');
    (b1 as () => void)();
    a1();
    (await a2)();
  });
});

describe('the analyses never hold most of the server’s admission slots', () => {
  const env = { HEAVY_PER_CLIENT: 1, HEAVY_MAX_WAIT_MS: 20_000, HEAVY_MAX_ACTIVE: undefined, HEAVY_MAX_QUEUE: undefined };

  it('fit running and waiting analyses in a quarter of MAX_ACTIVE_REQUESTS on both databases', () => {
    const embedded = heavyLimits({ ...env, MAX_ACTIVE_REQUESTS: 48, DATABASE_URL: undefined });
    expect(embedded.maxActive).toBe(1);
    expect(embedded.maxActive + embedded.maxQueue).toBe(12);
    const postgres = heavyLimits({ ...env, MAX_ACTIVE_REQUESTS: 48, DATABASE_URL: 'postgres://x@h/db' });
    expect(postgres.maxActive).toBe(4);
    expect(postgres.maxActive + postgres.maxQueue).toBe(12);
  });

  it('caps a configured queue or concurrency that would take more', () => {
    const capped = heavyLimits({ ...env, HEAVY_MAX_ACTIVE: 20, HEAVY_MAX_QUEUE: 500, MAX_ACTIVE_REQUESTS: 40, DATABASE_URL: undefined });
    expect(capped).toMatchObject({ maxActive: 10, maxQueue: 0 });
    // Without a server bound (MAX_ACTIVE_REQUESTS=0) the configured figures stand.
    expect(heavyLimits({ ...env, HEAVY_MAX_QUEUE: 500, MAX_ACTIVE_REQUESTS: 0, DATABASE_URL: undefined }).maxQueue).toBe(500);
    expect(heavyLimits({ ...env, MAX_ACTIVE_REQUESTS: 0, DATABASE_URL: undefined }).maxQueue).toBe(32);
  });

  it('a gate with those limits refuses the 13th analysis of 13 clients at once', async () => {
    const gate = new HeavyWorkGate(heavyLimits({ ...env, MAX_ACTIVE_REQUESTS: 48, DATABASE_URL: undefined }));
    const entered = Array.from({ length: 12 }, (_, i) => gate.enter(`client-${i}`));
    const thirteenth = await refusedWith(gate.enter('client-12'));
    expect(thirteenth).toMatchObject({ key: 'heavyBusy', status: 503 });
    const release = await entered[0]!;
    release();
    // The rest are admitted in turn (and released) so no timer is left behind.
    for (const waiting of entered.slice(1)) (await waiting)();
  });
});
