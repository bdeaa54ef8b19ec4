import 'server-only';
/**
 * Request bodies that carry a file (news covers, uploaded areas, scene lists): read with a byte limit,
 * so a larger body is refused as soon as it passes the limit and never buffered whole. The caller says
 * which localized error each refusal is (each upload has its own message namespace).
 */

/** Reads a request body up to `max` bytes; a larger one (declared or actual) throws `tooLarge()`. */
export async function readBodyLimited(request: Request, max: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
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
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface MultipartErrors {
  /** Not multipart/form-data, or a form that cannot be parsed. */
  badForm: () => Error;
  /** No `file` field. */
  noFile: () => Error;
  /** The body or the file is over its limit. */
  tooLarge: () => Error;
}

/** The `file` field of a multipart/form-data request, the body limited to `maxBodyBytes`, the file to `maxFileBytes`. */
export async function multipartFile(
  request: Request,
  limits: { maxBodyBytes: number; maxFileBytes: number },
  errors: MultipartErrors,
): Promise<UploadedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) throw errors.badForm();
  const body = await readBodyLimited(request, limits.maxBodyBytes, errors.tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw errors.badForm();
  }
  const file = form.get('file');
  if (file === null) throw errors.noFile();
  if (typeof file === 'string') throw errors.badForm();
  if (file.size > limits.maxFileBytes) throw errors.tooLarge();
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
