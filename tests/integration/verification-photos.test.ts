/**
 * Issue 34.1, field photos as evidence: an upload keeps the original byte for byte (its stored SHA-256 is the
 * uploaded bytes' hash, and the original route answers those bytes), reads the EXIF, measures the distance to the
 * spot's outline in PostGIS and flags what a reviewer must know; bad files (type, size, pixels, bombs) are refused
 * in the caller's language and store nothing; a case outside the user's range is 404; only the checker, at the
 * checker's stages, adds or deletes; reviewers see the photos; the PDF report carries them.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { GET as photosGet, POST as photosPost } from '../../app/api/process-spot-bjhs/v1/process/[id]/photos/route';
import { DELETE as photoDelete } from '../../app/api/process-spot-bjhs/v1/process/[id]/photos/[photoId]/route';
import { GET as photoFileGet } from '../../app/api/process-spot-bjhs/v1/process/[id]/photos/[photoId]/[copy]/route';
import { getFileStore } from '../../lib/server/files';
import { createSession } from '../../lib/server/session';
import { verificationRolesOf } from '../../lib/server/verification/cases';
import { stopCaptionThreads } from '../../lib/server/verification/photos';
import { reportJob } from '../../lib/server/verification/report';
import type { CasePhoto, CasePhotos } from '../../lib/shared/contracts/verification';
import { PHOTO_LIMITS } from '../../lib/shared/verification/photos';
import { photoCanvas, photoJpeg } from '../support/photos';
import { call, withTestDatabase } from '../support/api';
import { newUser } from '../support/workflow-subjects';

const db = withTestDatabase();
afterAll(() => stopCaptionThreads());

const COUNTY = '130102';
const FAR_COUNTY = '110101';
// The spot: 114.50–114.51 E, 38.00–38.01 N.
const INSIDE: [number, number] = [114.505, 38.005];
// ~ 880 m east of the outline's east edge (0.01° of longitude at 38° N is ~ 876 m).
const FAR: [number, number] = [114.52, 38.005];

let batchId: string;
const ids: Record<'checker' | 'checker2' | 'reviewer' | 'farChecker', string> = { checker: '', checker2: '', reviewer: '', farChecker: '' };
let seq = 0;

async function user(name: string, roles: Array<[string, string]>) {
  const id = await newUser(db(), name);
  for (const [role, region] of roles)
    await db().query(`INSERT INTO user_verification_roles (user_id, role, region_code) VALUES ($1, $2, $3)`, [id, role, region]);
  return id;
}

let address = 0;
async function as(who: keyof typeof ids, locale: 'zh' | 'en' = 'en') {
  const { token } = await createSession(db(), ids[who], { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}

async function caseAt(status: string, county = COUNTY): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status)
     SELECT $1, $2, $3, 'auto', 'construction', ST_Multi(ST_MakeEnvelope(114.5, 38.0, 114.51, 38.01, 4326)),
            ST_SetSRID(ST_MakePoint(114.505, 38.005), 4326), 1000, $4
     RETURNING id::text`,
    [batchId, `PH${++seq}`, county, status],
  );
  return row!.id;
}

async function upload(caseId: string, body: Uint8Array, headers: Record<string, string>, query = 'kind=close') {
  const request = new Request(`http://localhost:3000/api/process-spot-bjhs/v1/process/${caseId}/photos?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', ...headers },
    body: Buffer.from(body),
  });
  const response = await photosPost(request, { params: Promise.resolve({ id: caseId }) });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: CasePhoto } };
}

async function list(caseId: string, headers: Record<string, string>) {
  return (await call(photosGet, `/api/process-spot-bjhs/v1/process/${caseId}/photos`, { headers, params: { id: caseId } })).json as {
    code: number;
    data: CasePhotos;
  };
}

async function file(url: string, headers: Record<string, string>) {
  const [, caseId, photoId, copy] = /process\/(\d+)\/photos\/(\d+)\/(\w+)$/.exec(url)!;
  const response = await photoFileGet(new Request(`http://localhost:3000${url}`, { headers }), {
    params: Promise.resolve({ id: caseId!, photoId: photoId!, copy: copy! }),
  });
  const type = response.headers.get('content-type');
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A refusal is the API's envelope (not found: code 404, as for any case out of range).
  const code = type?.startsWith('application/json') ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as { code: number }).code : 0;
  return { status: response.status, type, bytes, code };
}

const counts = async () => {
  const [row] = await db().query<{ files: number; photos: number }>(
    `SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM verification_photos) AS photos`,
  );
  return row!;
};

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const goodPhoto = (position: [number, number] | undefined = INSIDE, time = '2026:07:02 09:30:00') =>
  photoJpeg(1200, 900, { position, heading: 90, dateTimeOriginal: time, make: 'HUAWEI', model: 'Mate 60' });

beforeAll(async () => {
  const [batch] = await db().query<{ id: string }>(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due, photo_minimums)
     VALUES ('2023Q4', '130000', '照片测试批次', 'Photo test batch', '2026-07-01', '2026-07-31', '2026-08-15', '2026-08-31',
             '{"distant": 1, "close": 2}') RETURNING id::text`,
  );
  batchId = batch!.id;
  ids.checker = await user('ph-checker', [['checker', COUNTY]]);
  ids.checker2 = await user('ph-checker2', [['checker', COUNTY]]);
  ids.reviewer = await user('ph-reviewer', [['reviewer', '130100']]);
  ids.farChecker = await user('ph-far', [['checker', FAR_COUNTY]]);
});

describe('adding a field photo', () => {
  it('keeps the original byte for byte with its SHA-256, reads the EXIF and draws a captioned copy', async () => {
    const caseId = await caseAt('checking');
    const bytes = goodPhoto();
    const res = await upload(caseId, bytes, await as('checker'), `kind=close&tappedLon=${INSIDE[0] + 0.0005}&tappedLat=${INSIDE[1]}`);
    expect(res.json.code).toBe(0);
    const photo = res.json.data;
    expect(photo.original.sha256).toBe(sha256(bytes));
    // The stored file row's hash and the bytes in the store are the upload's.
    const [row] = await db().query<{ sha256: string; storage_key: string; size: string }>(
      `SELECT f.sha256, f.storage_key, f.size::text AS size FROM verification_photos p JOIN files f ON f.id = p.original_file_id WHERE p.id = $1`,
      [photo.id],
    );
    expect(row!.sha256).toBe(sha256(bytes));
    const stored = await getFileStore().get(row!.storage_key);
    expect(sha256(new Uint8Array(await new Response(stored!.body).arrayBuffer()))).toBe(sha256(bytes));
    expect(Number(row!.size)).toBe(bytes.byteLength);
    // And the original route answers exactly those bytes.
    const original = await file(photo.original.url, await as('checker'));
    expect(original.status).toBe(200);
    expect(sha256(original.bytes)).toBe(sha256(bytes));

    expect(photo).toMatchObject({
      kind: 'close',
      mine: true,
      canDelete: true,
      heading: 90,
      device: 'HUAWEI Mate 60',
      distanceM: 0,
      flags: [],
      takenAt: '2026-07-02T01:30:00.000Z',
      original: { mime: 'image/jpeg', width: 1200, height: 900, bytes: bytes.byteLength },
    });
    expect(photo.position![0]).toBeCloseTo(INSIDE[0], 5);
    // ~ 44 m from where the user tapped: under the threshold.
    expect(photo.tappedGapM).toBeGreaterThan(30);
    expect(photo.tappedGapM).toBeLessThan(60);
    // The display copy: a JPEG scaled to 1600 px at most (this one is smaller, so kept), not the original's bytes.
    const display = await file(photo.display.url, await as('checker'));
    expect(display.type).toBe('image/jpeg');
    expect(photo.display).toMatchObject({ width: 1200, height: 900 });
    expect(sha256(display.bytes)).not.toBe(sha256(bytes));
  });

  it('flags a photo far from the spot, taken before the push and away from where the user tapped; and one without GPS', async () => {
    const caseId = await caseAt('returned');
    const headers = await as('checker');
    const far = await upload(
      caseId,
      goodPhoto(FAR, '2026:06:20 09:00:00'),
      headers,
      `kind=distant&tappedLon=${INSIDE[0]}&tappedLat=${INSIDE[1]}`,
    );
    expect(far.json.code).toBe(0);
    expect(far.json.data.flags).toEqual(['far', 'before_push', 'tap_mismatch']);
    // PostGIS on the geography: ~ 876 m from the east edge, ~ 1314 m from the tapped point.
    expect(far.json.data.distanceM).toBeGreaterThan(850);
    expect(far.json.data.distanceM).toBeLessThan(900);
    expect(far.json.data.tappedGapM).toBeGreaterThan(1250);

    const blind = await upload(caseId, photoJpeg(800, 600), headers, 'kind=close');
    expect(blind.json.code).toBe(0);
    expect(blind.json.data).toMatchObject({ flags: ['no_gps'], position: null, distanceM: null, takenAt: null, heading: null });

    // A PNG is accepted too.
    const pngPhoto = await upload(caseId, photoCanvas(640, 480).toBuffer('image/png'), headers, 'kind=interior');
    expect(pngPhoto.json.code).toBe(0);
    expect(pngPhoto.json.data.original.mime).toBe('image/png');

    // The tally against the batch's minimums (distant 1, close 2).
    const photos = (await list(caseId, headers)).data;
    expect(photos.distanceM).toBe(PHOTO_LIMITS.defaultDistanceM);
    expect(photos.tally.filter((t) => t.needed > 0 || t.have > 0)).toEqual([
      { kind: 'distant', needed: 1, have: 1 },
      { kind: 'close', needed: 2, have: 1 },
      { kind: 'interior', needed: 0, have: 1 },
    ]);
  });

  it('is seen by the reviewer with its flags, who cannot add or delete', async () => {
    const caseId = await caseAt('checking');
    const added = await upload(caseId, goodPhoto(FAR), await as('checker'));
    expect(added.json.code).toBe(0);
    const reviewer = await as('reviewer');
    const photos = (await list(caseId, reviewer)).data;
    expect(photos.canAdd).toBe(false);
    expect(photos.photos).toHaveLength(1);
    expect(photos.photos[0]).toMatchObject({ flags: ['far'], mine: false, canDelete: false, uploadedBy: 'ph-checker' });
    expect((await file(photos.photos[0]!.display.url, reviewer)).status).toBe(200);
    const before = await counts();
    const res = await upload(caseId, goodPhoto(), reviewer);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe(403);
    const del = await call(photoDelete, `/api/process-spot-bjhs/v1/process/${caseId}/photos/${added.json.data.id}`, {
      method: 'DELETE',
      headers: reviewer,
      params: { id: caseId, photoId: added.json.data.id },
    });
    expect(del.json.code).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('refusals store nothing', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await caseAt('checking');
  });

  /** A PNG header of this size with a small (valid) deflate stream: what a bomb or an oversized file looks like to the server. */
  function pngOf(width: number, height: number, idat: Uint8Array = deflateSync(Buffer.alloc(width + 1))): Buffer {
    const sized = photoCanvas(4, 4).toBuffer('image/png');
    // Take a real PNG, and rewrite its IHDR size and CRC; then swap its IDAT.
    const out = Buffer.from(sized);
    out.writeUInt32BE(width, 16);
    out.writeUInt32BE(height, 20);
    out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
    const iend = out.subarray(out.length - 12);
    const idatChunk = Buffer.alloc(12 + idat.length);
    idatChunk.writeUInt32BE(idat.length, 0);
    idatChunk.write('IDAT', 4, 'ascii');
    Buffer.from(idat).copy(idatChunk, 8);
    return Buffer.concat([out.subarray(0, 33), idatChunk, iend]);
  }

  it.each([
    ['text', () => new TextEncoder().encode('this is not a photo'), 'Only JPEG or PNG', '只能添加 JPEG 或 PNG'],
    ['WebP', () => photoCanvas(64, 64).toBuffer('image/webp'), 'Only JPEG or PNG', '只能添加 JPEG 或 PNG'],
    ['13,000 px wide', () => pngOf(13_000, 100), 'at most 12000 pixels a side', '每边不超过 12000 像素'],
    ['over 100 megapixels', () => pngOf(11_000, 10_000), '100 megapixels', '100 百万像素'],
    [
      'a decompression bomb',
      () => pngOf(12_000, 8_000, deflateSync(Buffer.alloc(12_001 * 8_000), { level: 9 })),
      'decompression bomb',
      '解压炸弹',
    ],
    ['truncated', () => goodPhoto().subarray(0, 5000), 'could not be read', '无法读取'],
  ])('%s: a localized message (en, zh), HTTP 200 with code 400, and no file or photo row', async (_name, make, en, zh) => {
    const body = make();
    const before = await counts();
    const inEnglish = await upload(caseId, body, await as('checker', 'en'));
    expect(inEnglish.json.code).toBe(400);
    expect(inEnglish.json.message).toContain(en);
    const inChinese = await upload(caseId, body, await as('checker', 'zh'));
    expect(inChinese.json.code).toBe(400);
    expect(inChinese.json.message).toContain(zh);
    expect(await counts()).toEqual(before);
  });

  it('more than 20 MB: 413 with a localized message, and nothing stored', async () => {
    const before = await counts();
    const big = Buffer.concat([goodPhoto(), Buffer.alloc(PHOTO_LIMITS.maxBytes)]);
    const res = await upload(caseId, big, await as('checker', 'zh'));
    expect(res.status).toBe(413);
    expect(res.json.message).toContain('照片超过 20 MB');
    expect(await counts()).toEqual(before);
  });

  it('an unknown view kind or half a tapped position is refused', async () => {
    const before = await counts();
    expect((await upload(caseId, goodPhoto(), await as('checker'), 'kind=roof')).json.code).toBe(400);
    expect((await upload(caseId, goodPhoto(), await as('checker'), 'kind=close&tappedLon=114.5')).json.code).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('who may add, see and delete', () => {
  it('a case outside every range of the user is 404 (list, upload, file), like one that does not exist', async () => {
    const caseId = await caseAt('checking');
    const added = await upload(caseId, goodPhoto(), await as('checker'));
    const far = await as('farChecker');
    const before = await counts();
    expect((await list(caseId, far)).code).toBe(404);
    expect((await upload(caseId, goodPhoto(), far)).json.code).toBe(404);
    expect(await file(added.json.data.display.url, far)).toMatchObject({ code: 404, type: expect.stringContaining('application/json') });
    expect((await upload('999999999', goodPhoto(), await as('checker'))).json.code).toBe(404);
    // Another case's photo under this case's path is not found either.
    const other = await caseAt('checking');
    expect((await file(added.json.data.display.url.replace(`/process/${caseId}/`, `/process/${other}/`), await as('checker'))).code).toBe(
      404,
    );
    expect((await file(added.json.data.display.url, await as('checker'))).code).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('the checker cannot add once the case is submitted, nor before accepting it (pushed)', async () => {
    for (const status of ['submitted', 'pushed', 'passed', 'closed']) {
      const caseId = await caseAt(status);
      const before = await counts();
      const res = await upload(caseId, goodPhoto(), await as('checker'));
      expect([status, res.status, res.json.code]).toEqual([status, 403, 403]);
      expect(await counts()).toEqual(before);
    }
  });

  it('deletes only one’s own photo, and only while the case is with the checker', async () => {
    const caseId = await caseAt('checking');
    const mine = (await upload(caseId, goodPhoto(), await as('checker'))).json.data;
    const del = (photoId: string, headers: Record<string, string>) =>
      call(photoDelete, `/api/process-spot-bjhs/v1/process/${caseId}/photos/${photoId}`, {
        method: 'DELETE',
        headers,
        params: { id: caseId, photoId },
      });
    // Another checker of the same county sees it but cannot delete it.
    const seen = (await list(caseId, await as('checker2'))).data.photos[0]!;
    expect(seen).toMatchObject({ mine: false, canDelete: false });
    expect((await del(mine.id, await as('checker2'))).json.code).toBe(403);
    // Once submitted, not even the author.
    await db().query(`UPDATE verification_cases SET status = 'submitted' WHERE id = $1`, [caseId]);
    expect((await del(mine.id, await as('checker'))).json.code).toBe(403);
    await db().query(`UPDATE verification_cases SET status = 'returned' WHERE id = $1`, [caseId]);
    const before = await counts();
    expect((await del(mine.id, await as('checker'))).json).toMatchObject({ code: 0, data: { deleted: true } });
    // The photo, its original's and its display copy's file rows are gone.
    expect(await counts()).toEqual({ files: before.files - 2, photos: before.photos - 1 });
    expect((await del(mine.id, await as('checker'))).json.code).toBe(404);
  });
});

describe('the PDF report', () => {
  it('carries the captioned photos with their flags and the originals’ hashes', async () => {
    const caseId = await caseAt('checking');
    const bytes = goodPhoto(FAR);
    expect((await upload(caseId, bytes, await as('checker'))).json.code).toBe(0);
    const actor = { userId: ids.reviewer, admin: false, roles: await verificationRolesOf(db(), ids.reviewer) };
    const { job } = await reportJob(db(), actor, caseId, 'en', 'ph-reviewer');
    const section = job.sections.find((s) => s.title === 'Field photos')!;
    const images = section.blocks.flatMap((b) => (b.kind === 'images' ? b.images : []));
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ caption: '1. Close view · far from the spot', size: { width: 1200, height: 900 } });
    expect(JSON.stringify(section.blocks)).toContain(sha256(bytes));
  });
});
