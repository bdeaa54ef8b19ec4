import './outside-next.cjs';
import { buildTemplate } from './template-db';

export default async function globalSetup() {
  const started = Date.now();
  await buildTemplate();
  console.log(`\n[tests] template database ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
}
