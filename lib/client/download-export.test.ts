import { dispositionName, downloadExport, ExportError, formatBytes } from './download-export';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

const options = (signal = new AbortController().signal, onProgress?: (p: { received: number; total: number | null }) => void) => ({
  locale: 'en',
  signal,
  onProgress,
  fallbackMessage: (kind: 'failed' | 'network') => `fallback:${kind}`,
});

describe('export downloads', () => {
  it('takes the UTF-8 file name of Content-Disposition before the ASCII one', () => {
    expect(dispositionName(`attachment; filename="_____-2026-01-02.csv"; filename*=UTF-8''%E5%BD%B1%E5%83%8F-2026-01-02.csv`)).toBe('影像-2026-01-02.csv');
    expect(dispositionName('attachment; filename="a b.zip"')).toBe('a b.zip');
    expect(dispositionName(null)).toBeNull();
  });

  it('reads the body chunk by chunk, reporting bytes of the declared length, and names the file', async () => {
    const chunks = [new Uint8Array(1000), new Uint8Array(500)];
    global.fetch = jest.fn(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      });
      return new Response(body, {
        headers: { 'content-type': 'application/zip', 'x-body-length': '1500', 'content-disposition': `attachment; filename="x.zip"; filename*=UTF-8''%E5%BF%AB.zip` },
      });
    }) as typeof fetch;
    const seen: { received: number; total: number | null }[] = [];
    const { blob, name } = await downloadExport('/x', { filter: {} }, options(undefined, (p) => seen.push(p)));
    expect(name).toBe('快.zip');
    expect(blob.size).toBe(1500);
    expect(seen).toEqual([
      { received: 0, total: 1500 },
      { received: 1000, total: 1500 },
      { received: 1500, total: 1500 },
    ]);
  });

  it('turns a refusal envelope into its localized message, and a lost connection into the fallback', async () => {
    global.fetch = jest.fn(async () => Response.json({ code: 413, message: 'An export holds at most 10000 scenes', data: null }, { status: 413 })) as typeof fetch;
    await expect(downloadExport('/x', {}, options())).rejects.toEqual(new ExportError('An export holds at most 10000 scenes', 413));
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(downloadExport('/x', {}, options())).rejects.toThrow('fallback:network');
  });

  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'zh')).toBe('5 MB');
  });
});
