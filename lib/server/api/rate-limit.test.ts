import { WindowLimiter } from './rate-limit';

describe('WindowLimiter', () => {
  it('allows max requests per key and window, then says how long to wait', () => {
    const limiter = new WindowLimiter({ windowMs: 60_000, max: 3 });
    expect([0, 1, 2].map(() => limiter.take('a', 1_000))).toEqual([0, 0, 0]);
    expect(limiter.take('a', 1_000)).toBe(60);
    expect(limiter.take('a', 31_000)).toBe(30);
    expect(limiter.take('b', 31_000)).toBe(0);
    expect(limiter.take('a', 61_000)).toBe(0);
  });

  it('keeps at most maxKeys windows, dropping ended ones and then the oldest', () => {
    const limiter = new WindowLimiter({ windowMs: 1_000, max: 1, maxKeys: 2 });
    limiter.take('a', 0);
    limiter.take('b', 500);
    limiter.take('c', 600); // 'a' is the oldest: dropped, so it starts afresh
    expect(limiter.take('a', 700)).toBe(0);
    expect(limiter.take('c', 700)).toBe(1);
  });
});
