'use client';

import { useEffect } from 'react';
import { selectionData, snapshotOf, useSelectionStore } from '@/lib/client/stores/selection-store';
import { parseSelectionUrl, selectionSearch } from '@/lib/client/stores/selection-url';

/**
 * Mirrors the selection store in the URL: restores it from the address once on load (running the
 * search a shared link shows), then writes every change back with history.replaceState. Answers
 * whether the store has been restored, so nothing runs on the defaults first.
 */
export function useSelectionUrl(): boolean {
  useEffect(() => {
    const { data, run } = parseSelectionUrl(window.location.search);
    useSelectionStore.getState().restore(run ? { ...data, submitted: snapshotOf(data) } : data);
    const write = () => {
      const search = selectionSearch(selectionData(useSelectionStore.getState()));
      if (search !== window.location.search) {
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
      }
    };
    write();
    const unsubscribe = useSelectionStore.subscribe(write);
    return () => {
      unsubscribe();
      // A later visit starts from its own URL, not from this one's leftovers.
      useSelectionStore.getState().reset();
    };
  }, []);
  return useSelectionStore((s) => s.ready);
}
