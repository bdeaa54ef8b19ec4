'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import classes from './monitor.module.css';

export type MonitorTable = 'statistics' | 'changeTypes' | 'kinds' | 'spots' | 'grid' | 'sequence' | 'trend' | 'loss';

/**
 * The box a monitoring table scrolls in (420 px high beside the map on wide screens): a named,
 * focusable region, so keyboard users can scroll it even when its rows hold nothing to tab to.
 */
export function TableRegion({ table, children }: { table: MonitorTable; children: ReactNode }) {
  const t = useTranslations('Monitor');
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={t('tableRegion', { name: t(`tableNames.${table}`) })}>
      {children}
    </div>
  );
}
