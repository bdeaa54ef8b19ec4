import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False while server-rendering and hydrating, true once the page runs in the browser: for controls that only
 * work with JavaScript (they appear then, without a hydration mismatch).
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
