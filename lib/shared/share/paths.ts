/**
 * Where the software pages and the file share lists live: /applicationExtend/software(/{slug}) and
 * /applicationExtend/fileShare/{application,course,paper}(/page/{n}).
 */
import type { ShareCategory } from '../contracts/share';

export const SOFTWARE_PATH = '/applicationExtend/software';
export const FILE_SHARE_PATH = '/applicationExtend/fileShare';
/** Items per file share page. */
export const FILE_SHARE_PAGE_SIZE = 5;
/** The software grid shows every page at once. */
export const SOFTWARE_GRID_SIZE = 50;

export const FILE_SHARE_LISTS = {
  application: { title: 'fileShareApplication' },
  course: { title: 'fileShareCourse' },
  paper: { title: 'fileSharePaper' },
} as const satisfies Partial<Record<ShareCategory, { title: string }>>;

export type FileShareList = keyof typeof FILE_SHARE_LISTS;

export function isFileShareList(value: string): value is FileShareList {
  return Object.hasOwn(FILE_SHARE_LISTS, value);
}

export const softwarePath = (slug: string) => `${SOFTWARE_PATH}/${slug}`;
export const fileShareListPath = (list: FileShareList, page = 1) =>
  page > 1 ? `${FILE_SHARE_PATH}/${list}/page/${page}` : `${FILE_SHARE_PATH}/${list}`;

/** "12.3 KB": sizes as people read them (1 KB = 1024 bytes). */
export function formatBytes(size: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
