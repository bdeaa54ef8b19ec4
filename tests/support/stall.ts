/**
 * How long `work` held this thread: the longest gap between the ticks of a 5 ms timer while it ran. Work that
 * computes here stalls the timer for its whole length; work on another thread barely does.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, stallMs: Math.max(stallMs, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}
