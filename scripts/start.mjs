// `npm start`: builds once if there is no production build yet, then serves it. The first request
// (or the server start) creates the embedded database with demo data when DATABASE_URL is unset.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const next = 'node_modules/next/dist/bin/next';
if (!existsSync('.next/BUILD_ID')) {
  console.log('[start] no production build yet: running `next build` (about a minute)…');
  const build = spawnSync(process.execPath, [next, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT ?? '3000';
console.log(`[start] serving on http://localhost:${port}/chinese/home and /english/home`);
const server = spawn(process.execPath, ['server.mjs'], { stdio: 'inherit', env: { ...process.env, PORT: port } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
