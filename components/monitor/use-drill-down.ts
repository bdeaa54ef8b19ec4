'use client';

import { useCallback } from 'react';
import type { ModuleProps } from './monitor-context';

/** Opens a region picked on a statistics map or table: the first page, no feature selected; the current one stays. */
export function useDrillDown(region: string, update: ModuleProps['update']) {
  return useCallback(
    (code: string) => {
      if (code !== region) update({ region: code, page: 1, spot: null });
    },
    [region, update],
  );
}
