'use client';

import { API_PATHS } from '../shared/contracts/paths';

let appStart: Promise<void> | null = null;

/** Spec §7: one visit named ALL per app start. Resolves (never rejects) once it was counted or failed. */
export function countAppStart(label: string): Promise<void> {
  appStart ??= countVisit('ALL', label);
  return appStart;
}

/** Waits for the app-start count, so figures read afterwards include this visit. */
export function afterAppStart(): Promise<void> {
  return appStart ?? Promise.resolve();
}

/**
 * The counter never interrupts a visitor: failures are dropped. The fetch wrapper loads with the first count, after the
 * page, not with every page's first script (issue 32.5).
 */
export function countVisit(name: string, label: string): Promise<void> {
  return import('./api')
    .then(({ apiFetch }) => apiFetch(API_PATHS.incrVisit, { method: 'POST', body: { name, label } }))
    .then(
      () => undefined,
      () => undefined,
    );
}
