// DESIGN.md §5: a cached content page served by Next must reach ≥ 50% of the requests per second
// of a bare Node http server sending the same bytes.
import http from 'node:http';
import { load } from './load.mjs';
import { freePort } from './server.mjs';

export const name = 'cached /chinese/home vs bare node http';

export async function run({ next, seconds, connections }) {
  const path = '/chinese/home';
  const sample = await fetch(`http://127.0.0.1:${next.port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await sample.arrayBuffer());
  const headers = { 'content-type': sample.headers.get('content-type') ?? 'text/html; charset=utf-8', 'content-length': body.length };

  const barePort = await freePort();
  const bare = http.createServer((req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((r) => bare.listen(barePort, '127.0.0.1', r));
  try {
    const nextResult = await load({ port: next.port, path, connections, seconds });
    const bareResult = await load({ port: barePort, path, connections, seconds });
    const ratio = nextResult.rps / bareResult.rps;
    return {
      rows: [
        { what: 'portal (server.mjs)', ...nextResult },
        { what: 'bare node http', ...bareResult },
      ],
      bytes: body.length,
      budget: { metric: 'next rps / bare rps', value: ratio, target: '>= 0.50', pass: ratio >= 0.5 },
    };
  } finally {
    bare.close();
  }
}
