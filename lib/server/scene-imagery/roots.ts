import 'server-only';
/**
 * Where imagery may be read from: `file:` URLs under IMAGERY_ROOT (unset → `<DATA_DIR>/imagery`), after resolving
 * links, so neither `..` nor a symbolic link reaches outside it. Checked when an asset is registered and again on
 * every read.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getEnv } from '../env';

export class OutsideRoot extends Error {}

export function imageryRoot(): string {
  const env = getEnv();
  return path.resolve(env.IMAGERY_ROOT ?? path.join(env.DATA_DIR, 'imagery'));
}

/** The file a `file:` href names, if it lies under the root (links resolved); otherwise OutsideRoot. */
export async function resolveImageryHref(href: string): Promise<string> {
  let file: string;
  try {
    const url = new URL(href);
    if (url.protocol !== 'file:') throw new OutsideRoot(`${url.protocol} assets are not served; use a file: URL under IMAGERY_ROOT`);
    file = fileURLToPath(url);
  } catch (error) {
    if (error instanceof OutsideRoot) throw error;
    throw new OutsideRoot(`not a file: URL: ${href.slice(0, 200)}`);
  }
  const root = await realpath(imageryRoot()).catch(() => imageryRoot());
  const real = await realpath(file).catch(() => {
    throw new OutsideRoot(`no such file under the imagery root: ${path.basename(file)}`);
  });
  if (!real.startsWith(root + path.sep)) throw new OutsideRoot(`${path.basename(file)} is outside the imagery root`);
  return real;
}

/** Whether a href names a place under the root, by its text alone (the file may not exist yet). */
export function isUnderRoot(href: string): boolean {
  try {
    const url = new URL(href);
    if (url.protocol !== 'file:') return false;
    const file = path.resolve(fileURLToPath(url));
    return file.startsWith(imageryRoot() + path.sep);
  } catch {
    return false;
  }
}

export const fileHref = (file: string): string => pathToFileURL(path.resolve(file)).href;
