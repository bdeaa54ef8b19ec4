'use client';

/**
 * The field app's state in the browser (issue 34.2): whether the device is online, what is stored on it
 * (packages, spots, queue — IndexedDB, lib/client/field/store.ts), and sending the queue whenever the network is
 * there. One hook, so every part of the screen sees the same store and refreshes together.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
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

const STORE_KEY = ['verification', 'field', 'store'] as const;

async function readStore(): Promise<{ packages: StoredPackage[]; queue: QueueItem[] }> {
  const [packages, queue] = await Promise.all([listPackages(), queueItems()]);
  return {
    packages: packages.sort((a, b) => (a.batch.quarter < b.batch.quarter ? 1 : -1)),
    queue: queue.sort((a, b) => a.seq! - b.seq!),
  };
}

/** Retry a queue that met a dead network this often while the page is open and the browser says it is online. */
const RETRY_MS = 30_000;

export function useFieldStore(): FieldStore {
  const online = useOnline();
  const client = useQueryClient();
  // The device's store, read like any other source; 'always': it is there with or without a network.
  const stored = useQuery({ queryKey: STORE_KEY, queryFn: readStore, networkMode: 'always', staleTime: Infinity, retry: false });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: STORE_KEY }), [client]);
  const sending = useMutation({
    mutationFn: () => syncQueue(uploadQueuedPhoto),
    networkMode: 'always',
    onSettled: () => refresh(),
  });
  const { mutate, mutateAsync, isPending } = sending;
  const queue = useMemo(() => stored.data?.queue ?? [], [stored.data]);
  const pending = queue.some((q) => q.state === 'pending');

  // Whenever the network is there and work waits, send it; and again now and then while some still waits.
  useEffect(() => {
    if (!online || !pending) return;
    mutate();
    const timer = setInterval(() => mutate(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, pending, mutate]);

  return {
    ready: !stored.isPending,
    unavailable: stored.isError,
    packages: stored.data?.packages ?? [],
    queue,
    online,
    syncing: isPending,
    lastSync: sending.data ?? null,
    refresh,
    sync: async () => {
      await mutateAsync();
    },
  };
}
