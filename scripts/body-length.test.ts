import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepBodyLength } from './body-length.mjs';

/** A server that answers like Next does: headers one by one, then the body in chunks. */
async function serve(wrap: boolean, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  const server = http.createServer((req, res) => {
    const out = wrap ? keepBodyLength(res) : res;
    for (const [name, value] of Object.entries(headers)) out.setHeader(name, value);
    out.write('hello ');
    out.end('world');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/' }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ headers: res.headers, body }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('keepBodyLength', () => {
  it('sends X-Body-Length as Content-Length instead of chunks', async () => {
    const answer = await serve(true, { 'content-type': 'text/plain', 'X-Body-Length': '11' });
    expect(answer.headers['content-length']).toBe('11');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.headers['x-body-length']).toBeUndefined();
    expect(answer.body).toBe('hello world');
  });

  it('leaves other answers streamed as they are', async () => {
    const plain = await serve(true, { 'content-type': 'text/plain' });
    expect(plain.headers['transfer-encoding']).toBe('chunked');
    const unwrapped = await serve(false, { 'x-body-length': '11' });
    expect(unwrapped.headers['content-length']).toBeUndefined();
  });
});
