/**
 * Downloads one export (lib/shared/contracts/exports.ts) with progress and cancellation: POSTs the
 * filter and checked ids, reads the answer through the body reader (bytes received, of the length
 * when the server knows it), and hands back the file as a Blob with the name the server gave it
 * (Content-Disposition, RFC 6266 `filename*` first). A refusal (the JSON envelope) becomes an
 * ExportError with the server's localized message; aborting the signal stops the transfer and
 * rejects with the AbortError.
 */
import type { ExportBody } from '../shared/contracts/exports';

export interface ExportProgress {
  received: number;
  /** Bytes in the whole file when the server says; null while it is still being made (streamed). */
  total: number | null;
}

export class ExportError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export interface ExportDownloadOptions {
  locale: string;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** The message for failures without a server message (`failed`) and lost connections (`network`). */
  fallbackMessage: (kind: 'failed' | 'network') => string;
}

/** The file name of a Content-Disposition header: `filename*` (UTF-8) first, then `filename`. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/** `body` is the export's JSON body (ExportBody, or the coverage body of `notcovershp`). */
export async function downloadExport(
  url: string,
  body: ExportBody | object,
  options: ExportDownloadOptions,
): Promise<{ blob: Blob; name: string }> {
  const { signal, onProgress, fallbackMessage } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: '*/*', 'x-locale': options.locale },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExportError(fallbackMessage('network'), null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallbackMessage('failed');
    throw new ExportError(message, response.status);
  }
  const declared = Number(response.headers.get('content-length') ?? response.headers.get('x-body-length') ?? NaN);
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        onProgress?.({ received, total });
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ExportError(fallbackMessage('network'), null);
    }
  }
  const name = dispositionName(response.headers.get('content-disposition')) ?? 'export';
  return { blob: new Blob(chunks, { type: type || 'application/octet-stream' }), name };
}

/** Saves a Blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL is released a little later (Safari reads it late).
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** `12.3 KB`, `4.5 MB`. */
export function formatBytes(bytes: number, locale: string): string {
  const nf = (n: number, digits: number) =>
    new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${nf(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${nf(bytes / 1024, 1)} KB`;
  return `${nf(bytes / 1024 / 1024, 1)} MB`;
}
