/**
 * The image query hands its checked scenes (and its search's area and period) to the application form
 * through session storage: the list can hold a thousand ids, too many for a URL, and a reload of the
 * form keeps them. The form clears the draft once the application is sent.
 */
import type { RequestArea } from '../shared/contracts/requests';

const KEY = 'portal.applyDraft';

export interface ApplyDraft {
  sceneIds: string[];
  /** The search's area when it is one an application can name (regions, an uploaded area, a drawing). */
  area: RequestArea | null;
  dateFrom: string | null;
  dateTo: string | null;
}

export function saveApplyDraft(draft: ApplyDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form opens blank.
  }
}

/** The stored draft as text (a stable snapshot for useSyncExternalStore); null when there is none. */
export function readApplyDraftText(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function parseApplyDraft(raw: string | null): ApplyDraft | null {
  try {
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ApplyDraft>;
    if (!Array.isArray(value.sceneIds) || !value.sceneIds.every((id) => typeof id === 'string')) return null;
    return { sceneIds: value.sceneIds, area: value.area ?? null, dateFrom: value.dateFrom ?? null, dateTo: value.dateTo ?? null };
  } catch {
    return null;
  }
}

export function clearApplyDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
