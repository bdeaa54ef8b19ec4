import 'server-only';
/** The `file` field of a multipart upload, read with a byte limit (the body is never buffered past it). */
import { API_CODES } from '../../../shared/contracts/api';
import { SCENE_LIST_LIMITS } from '../../../shared/contracts/scene-lists';
import { sceneListError } from './read';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = () => sceneListError('tooLarge', { max: SCENE_LIST_LIMITS.maxBytes / 1024 / 1024 }, API_CODES.TOO_LARGE);

async function readLimited(request: Request, max: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? '0') > max) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function uploadedFile(request: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw sceneListError('badMultipart');
  const body = await readLimited(request, SCENE_LIST_LIMITS.maxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(Buffer.from(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw sceneListError('badMultipart');
  }
  const file = form.get('file');
  if (file === null) throw sceneListError('noFile');
  if (typeof file === 'string') throw sceneListError('badMultipart');
  if (file.size > SCENE_LIST_LIMITS.maxBytes) throw tooLarge();
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
