'use client';

/**
 * The field app's state in the browser (issue 34.2): whether the device is online, what is stored on it
 * (packages, spots, queue — IndexedDB, lib/client/field/store.ts), and sending the queue whenever the network is
 * there. One hook, so every part of the screen sees the same store and refreshes together.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '@/lib/client/api';
import { listPackages, queueItems, type QueueItem, type StoredPackage } from '@/lib/client/field/store';
import { syncQueue, type SyncResult } from '@/lib/client/field/sync';
import { uploadCasePhotoContract } from '@/lib/shared/contracts/verification';
import { PHOTO_VIEW_KINDS, type PhotoViewKind } from '@/lib/shared/verification/photos';

/** Sends one queued photo as the case page's upload does (raw body; kind and tapped position in the query). */
export async function uploadQueuedPhoto(item: Extract<QueueItem, { kind: 'photo' }>): Promise<unknown> {
  const kind = PHOTO_VIEW_KINDS.find((k) => k === item.viewKind) ?? ('close' satisfies PhotoViewKind);
  return apiFetch(uploadCasePhotoContract, {
    params: { id: item.caseId },
    query: { kind, ...(item.tapped ? { tappedLon: item.tapped[0], tappedLat: item.tapped[1] } : {}) },
    body: item.blob,
  });
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export interface FieldStore {
  ready: boolean;
  /** IndexedDB could not be opened (private mode, storage blocked). */
  unavailable: boolean;
  packages: StoredPackage[];
  queue: QueueItem[];
  online: boolean;
  syncing: boolean;
  lastSync: SyncResult | null;
  refresh: () => Promise<void>;
  sync: () => Promise<void>;
}

export function useFieldStore(): FieldStore {
  const online = useOnline();
  const [packages, setPackages] = useState<StoredPackage[]>([]);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<SyncResult | null>(null);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const [p, q] = await Promise.all([listPackages(), queueItems()]);
      if (!mounted.current) return;
      setPackages(p.sort((a, b) => (a.batch.quarter < b.batch.quarter ? 1 : -1)));
      setQueue(q.sort((a, b) => a.seq! - b.seq!));
      setReady(true);
    } catch {
      if (mounted.current) {
        setUnavailable(true);
        setReady(true);
      }
    }
  }, []);

  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      const result = await syncQueue(uploadQueuedPhoto);
      if (mounted.current) setLastSync(result);
    } finally {
      await refresh();
      if (mounted.current) setSyncing(false);
    }
  }, [refresh]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  // Whenever the network is there and work waits, send it.
  const pending = useMemo(() => queue.some((q) => q.state === 'pending'), [queue]);
  useEffect(() => {
    if (online && pending && !syncing) void sync();
    // Only when the network or the waiting work changes, not after each run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, pending]);

  return { ready, unavailable, packages, queue, online, syncing, lastSync, refresh, sync };
}
