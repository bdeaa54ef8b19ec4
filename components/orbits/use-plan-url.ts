'use client';

import { useEffect } from 'react';
import { showsForm, useOrbitPlanStore } from '@/lib/client/stores/orbit-plan-store';
import { parsePlanUrl, planSearch } from '@/lib/shared/orbits/plan';

/**
 * Mirrors the plan in the URL: restores it once on load (running the prediction a shared link shows), then
 * writes every change back with history.replaceState. Answers whether the plan has been restored.
 */
export function usePlanUrl(): boolean {
  useEffect(() => {
    useOrbitPlanStore.getState().restore(parsePlanUrl(window.location.search, Date.now()));
    const write = () => {
      const s = useOrbitPlanStore.getState();
      const search = planSearch({ form: s.form, run: showsForm(s), passId: showsForm(s) ? s.passId : null });
      if (search !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    };
    write();
    const unsubscribe = useOrbitPlanStore.subscribe(write);
    return () => {
      unsubscribe();
      useOrbitPlanStore.getState().reset();
    };
  }, []);
  return useOrbitPlanStore((s) => s.ready);
}
