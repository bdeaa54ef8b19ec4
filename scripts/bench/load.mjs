// A small closed-loop HTTP load generator: `connections` keep-alive clients each send the next
// request as soon as the previous answer is fully read. Loopback only.
import http from 'node:http';

export async function load({ port, path, connections = 16, seconds = 8, warmupSeconds = 2 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ ok: res.statusCode === 200, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      });
      req.on('error', () => resolve({ ok: false, ms: 0 }));
      req.setTimeout(10_000, () => req.destroy());
    });

  const phase = async (durationMs, record) => {
    const until = Date.now() + durationMs;
    const latencies = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const r = await once();
          if (!record) continue;
          if (r.ok) latencies.push(r.ms);
          else errors++;
        }
      }),
    );
    return { latencies, errors };
  };

  await phase(warmupSeconds * 1000, false);
  const started = Date.now();
  const { latencies, errors } = await phase(seconds * 1000, true);
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(50), p95: pct(95) };
}
