// The baseline: a bare Node `http` server that answers every request with one captured answer (same
// status, headers and body bytes). It runs as its own process, started by server.mjs through `fork`,
// so that it shares the machine with the load generator exactly as the server under test does.
import http from 'node:http';

// Node writes these itself for every answer; the rest of the captured headers are sent as they were.
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

process.once('message', ({ status, headers, body }) => {
  const bytes = Buffer.from(body);
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(status, sent);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});

// The parent going away (even by SIGKILL) closes the IPC channel: never outlive it.
process.on('disconnect', () => process.exit(0));
