/**
 * Uploads one file as the multipart field `file` with upload progress (fetch reports none), in the
 * page's language: `onProgress` gets the share sent (0–100), then null once the server is reading it.
 * Resolves with the answer's data checked by `schema`; fails with the server's localized message, or
 * `fallback` when there is none (a lost connection); `abort()` rejects with an AbortError.
 */
import type { z } from 'zod';
import type { Envelope } from '../shared/contracts/api';

export class UploadFailed extends Error {}

export interface UploadOptions {
  locale: string;
  onProgress: (percent: number | null) => void;
  /** The message when the server gave none. */
  fallback: string;
}

export function uploadFile<T>(
  url: string,
  file: File,
  schema: z.ZodType<T>,
  options: UploadOptions,
): { promise: Promise<T>; abort: () => void } {
  return postForm(url, {}, file, schema, options);
}

/** The same for a form of text `fields` with an optional `file` (e.g. an application's JSON and its PDF). */
export function postForm<T>(
  url: string,
  fields: Record<string, string>,
  file: File | null,
  schema: z.ZodType<T>,
  options: UploadOptions,
): { promise: Promise<T>; abort: () => void } {
  const { locale, onProgress, fallback } = options;
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-locale', locale);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded >= event.total ? null : Math.round((100 * event.loaded) / event.total));
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onerror = () => reject(new UploadFailed(fallback));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: Envelope<unknown> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<unknown>;
      } catch {
        envelope = null;
      }
      if (!envelope || envelope.code !== 0) {
        reject(new UploadFailed(envelope?.message || fallback));
        return;
      }
      const parsed = schema.safeParse(envelope.data);
      if (parsed.success) resolve(parsed.data);
      else reject(new UploadFailed(fallback));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
