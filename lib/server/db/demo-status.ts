import 'server-only';

/**
 * What this process's start still fills in in the background (lib/server/db/seed.ts): read by the answers that must
 * not be kept by browsers meanwhile (the API wrapper, the map tiles) and by the demo-status API. No dependencies, so
 * the map-service core may read it.
 */
export interface BackgroundSeedStatus {
  /** Steps not finished yet, the running one first. */
  pending: string[];
  /** Steps that failed (logged; the next start tries again). */
  failed: string[];
}

const holder = globalThis as typeof globalThis & { __portalBackgroundSeed?: BackgroundSeedStatus };

export function setBackgroundSeedStatus(status: BackgroundSeedStatus): void {
  holder.__portalBackgroundSeed = status;
}

export function backgroundSeedStatus(): BackgroundSeedStatus {
  return holder.__portalBackgroundSeed ?? { pending: [], failed: [] };
}

/** Whether demo data is still being filled in by this process. */
export const demoDataLoading = () => backgroundSeedStatus().pending.length > 0;
