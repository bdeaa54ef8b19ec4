import 'server-only';
import { randomBytes } from 'node:crypto';
import { getOrCreateSecret } from '../db/secrets';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';

let cached: string | undefined;

/** The HMAC secret of download links: FILE_URL_SECRET, or one generated once and kept in the database. */
export async function fileUrlSecret(db: Queryable): Promise<string> {
  cached ??= getEnv().FILE_URL_SECRET ?? (await getOrCreateSecret(db, 'file_url_secret', () => randomBytes(48).toString('base64url')));
  return cached;
}

export function resetFileUrlSecretCache(): void {
  cached = undefined;
}
