import type { MenuItem } from '@/lib/shared/menu-view';

/** A menu entry is active on its own page and every page below it. */
export const isActive = (item: MenuItem, pathname: string) => pathname === item.path || pathname.startsWith(`${item.path}/`);
