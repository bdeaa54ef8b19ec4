import 'server-only';
/**
 * The process-wide file store, chosen by FILE_STORAGE: a folder on disk (default) or an S3-compatible
 * bucket. The interface lives in file-store.ts, which both implementations import (not this factory).
 */
import path from 'node:path';
import { getEnv } from '../env';
import { DiskFileStore } from './disk-store';
import type { FileStore } from './file-store';
import { S3FileStore } from './s3-store';

export type { FileStore, StoredObject } from './file-store';

const holder = globalThis as typeof globalThis & { __portalFileStore?: FileStore };

export function createFileStore(): FileStore {
  const env = getEnv();
  if (env.FILE_STORAGE === 's3') {
    return new S3FileStore({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    });
  }
  return new DiskFileStore(path.resolve(env.FILE_STORAGE_DIR ?? path.join(env.DATA_DIR, 'files')));
}

/** The process-wide store (configuration is read once). */
export function getFileStore(): FileStore {
  holder.__portalFileStore ??= createFileStore();
  return holder.__portalFileStore;
}

/** Tests hand in a store of their own. */
export function setFileStore(store: FileStore | undefined): void {
  holder.__portalFileStore = store;
}
