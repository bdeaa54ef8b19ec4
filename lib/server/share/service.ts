/** Signing downloads and image links for share items: the rules between the repository and the routes. */
import 'server-only';
import type { Locale } from '@/i18n/routing';
import type { ShareDetail, SignedLinkAnswer } from '../../shared/contracts/share';
import { notFound, unauthorized } from '../api/errors';
import type { Session } from '../session';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { fileUrlSecret } from '../files/secret';
import { downloadLink, imageLink } from '../files/signed-url';
import { findShareFile, findShareItem, findShareItemBySlug, type ShareDetailWithoutUrls } from './repository';

/** A download link for an item's file; login-only items are signed for signed-in users only. */
export async function signShareDownload(db: Queryable, session: Session | null, id: string): Promise<SignedLinkAnswer> {
  const item = await findShareFile(db, id);
  if (!item?.fileId) throw notFound();
  if (item.loginRequired && !session) throw unauthorized();
  const link = downloadLink(await fileUrlSecret(db), item.fileId, getEnv().FILE_URL_TTL_SECONDS);
  return {
    url: link.url,
    expiresAt: new Date(link.expires * 1000).toISOString(),
    fileName: item.name!,
    size: item.size,
    downloadCount: item.downloads,
  };
}

async function withImageUrls(db: Queryable, detail: ShareDetailWithoutUrls | null): Promise<ShareDetail | null> {
  if (!detail) return null;
  const secret = await fileUrlSecret(db);
  return {
    ...detail,
    screenshots: detail.screenshots.map(({ fileId, ...rest }) => ({ ...rest, url: imageLink(secret, fileId).url })),
  };
}

export async function getShareDetail(db: Queryable, id: string, locale: Locale): Promise<ShareDetail | null> {
  return withImageUrls(db, await findShareItem(db, id, locale));
}

export async function getSoftwarePage(db: Queryable, slug: string, locale: Locale): Promise<ShareDetail | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 80) return null;
  return withImageUrls(db, await findShareItemBySlug(db, 'software', slug, locale));
}
