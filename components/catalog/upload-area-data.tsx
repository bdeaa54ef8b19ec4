'use client';
/** The uploaded area of SHP mode: read back by id (`shp=` in the URL) and uploaded with progress. */
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { apiFetch } from '@/lib/client/api';
import type { Envelope } from '@/lib/shared/contracts/api';
import { getUploadedAreaContract, uploadAreaContract, uploadedAreaSchema, type UploadedArea } from '@/lib/shared/contracts/uploads';

export const uploadAreaKey = (locale: string, id: string | null) => ['upload-area', locale, id] as const;

/** The uploaded area while it lives; an expired or unknown id fails (the caller says so and forgets it). */
export function useUploadedArea(id: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: uploadAreaKey(locale, id),
    queryFn: ({ signal }) => apiFetch(getUploadedAreaContract, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export class UploadFailed extends Error {}

/**
 * Sends `file` as multipart field `file`; `onProgress` gets the share sent (0–100), then null once the
 * server is reading it. Fails with the server's message in the page's language.
 */
export function uploadAreaFile(
  file: File,
  locale: string,
  onProgress: (percent: number | null) => void,
  fallback: string,
): { promise: Promise<UploadedArea>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedArea>((resolve, reject) => {
    xhr.open(uploadAreaContract.method, uploadAreaContract.path);
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
      const parsed = uploadedAreaSchema.safeParse(envelope.data);
      if (parsed.success) resolve(parsed.data);
      else reject(new UploadFailed(fallback));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
