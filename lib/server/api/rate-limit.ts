import 'server-only';
/**
 * A fixed-window counter per key (an address, say), in this process's memory: cheap limits for
 * requests that must not cost a database write each when abused. Limits that must hold across
 * processes or restarts (feedback, login) are kept in the database instead.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: { windowMs: number; max: number; maxKeys?: number }) {}

  /** Counts one request of `key`: 0 when it is within the limit, else the seconds until the window ends. */
  take(key: string, now = Date.now()): number {
    const { windowMs, max } = this.options;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      this.windows.delete(key);
      this.evict(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= max) return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    window.count += 1;
    return 0;
  }

  /** Keeps the table bounded: ended windows go first, then the oldest. */
  private evict(now: number) {
    const maxKeys = this.options.maxKeys ?? 10_000;
    if (this.windows.size < maxKeys) return;
    for (const [key, window] of this.windows) if (now - window.start >= this.options.windowMs) this.windows.delete(key);
    while (this.windows.size >= maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}
