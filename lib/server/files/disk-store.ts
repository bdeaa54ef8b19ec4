import 'server-only';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { assertKey, type ByteRange, type FileStore, type StoredObject } from './file-store';

/** Files in a folder, one per key; writes go to a temporary name first, so a reader never sees half a file. */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      if (range) {
        const stream = createReadStream(file, { start: range.start, end: range.end });
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: range.end - range.start + 1 };
      }
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
