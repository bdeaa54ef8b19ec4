import 'server-only';
/**
 * `export/quickimage`: the quick-looks of the checked scenes (at most EXPORT_LIMITS.maxQuicklooks) as
 * one zip, streamed: each picture is added as soon as it is drawn, so the download starts at once and
 * the browser sees bytes arrive. Demo scenes' pictures are drawn here by the same code as the
 * quick-look route (../quicklook, no HTTP round trip); an imported scene's picture lives at its
 * provider and is not fetched by the server — README.txt lists those links (and scenes without any).
 * The work stops when the client goes away (the request's signal, or the stream being cancelled).
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { EXPORT_LIMITS } from '../../../shared/contracts/exports';
import type { Scene } from '../../../shared/contracts/catalogue';
import { contentDisposition } from '../../files/content-disposition';
import { translateMessage } from '../../i18n';
import { log } from '../../log';
import { sceneQuicklook } from '../quicklook';
import type { ExportContext } from './respond';
import { datedName } from '../../files/file-response';
import { exportScenes } from './rows';

/** A file name safe in every unzip tool: no separators or control characters, unique in the zip. */
export function zipEntryName(fileName: string, ext: string, taken: Set<string>): string {
  const stem =
    fileName
      .replace(/\.(tar\.gz|tgz|zip|tif|tiff)$/i, '')
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .slice(0, 180) || 'scene';
  let name = `${stem}.${ext}`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${stem}_${i}.${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function readme(
  lang: ExportContext<unknown>['lang'],
  scenes: readonly Scene[],
  demo: readonly string[],
  external: readonly Scene[],
  missing: readonly Scene[],
): string {
  const t = (key: string, values?: Record<string, string | number>) => translateMessage(lang, `Export.readme.${key}`, values);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [t('title', { count: scenes.length, date }), ''];
  if (demo.length) lines.push(t('demo'), ...demo.map((n) => `  ${n}`), '');
  if (external.length) lines.push(t('external'), ...external.map((s) => `  ${s.fileName}\t${s.quicklook}`), '');
  if (missing.length) lines.push(t('missing'), ...missing.map((s) => `  ${s.fileName}`), '');
  return lines.join('\r\n');
}

export async function quicklookExport({ db, body, lang, signal }: ExportContext<unknown>): Promise<Response> {
  const scenes = await exportScenes(db, body, EXPORT_LIMITS.maxQuicklooks, 'Export.errors.tooManyQuicklooks');
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  signal.addEventListener('abort', stop, { once: true });

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (stopped) return;
        if (error) {
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const taken = new Set<string>(['readme.txt']);
      const demo: string[] = [];
      const external: Scene[] = [];
      const missing: Scene[] = [];
      try {
        for (const scene of scenes) {
          if (stopped) break;
          const answer = scene.source === 'demo' ? await sceneQuicklook(db, scene.id, null) : null;
          if (answer?.kind === 'png') {
            const name = zipEntryName(scene.fileName, 'png', taken);
            const entry = new ZipPassThrough(name);
            zip.add(entry);
            entry.push(new Uint8Array(answer.png), true);
            demo.push(name);
          } else if (scene.quicklook && /^https?:\/\//i.test(scene.quicklook)) {
            external.push(scene);
          } else {
            missing.push(scene);
          }
        }
        if (stopped) {
          log.info('quick-look export cancelled', { scenes: scenes.length, drawn: demo.length });
          zip.terminate();
          // A reader still attached (the request's signal fired first) sees the end, not a hang.
          try {
            controller.close();
          } catch {
            // already cancelled by the reader
          }
          return;
        }
        const note = new ZipDeflate('README.txt', { level: 6 });
        zip.add(note);
        note.push(utf8(`\uFEFF${readme(lang, scenes, demo, external, missing)}`), true);
        zip.end();
      } catch (error) {
        log.error('quick-look export failed', { error: error instanceof Error ? error.stack : String(error) });
        stopped = true;
        zip.terminate();
        controller.error(error);
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
    cancel() {
      stop();
    },
  });

  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(datedName(translateMessage(lang, 'Export.files.quicklooks'), 'zip')),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-export-rows': String(scenes.length),
    },
  });
}
