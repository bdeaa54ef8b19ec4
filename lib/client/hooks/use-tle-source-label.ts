'use client';
import { useTranslations } from 'next-intl';
import { tleSourceLabel } from '@/lib/shared/orbits/shipped';

/** Names an element set's source in the reader's language (the shipped set's stored name is English). */
export function useTleSourceLabel(): (source: string) => string {
  const t = useTranslations('TleSource');
  return (source) => tleSourceLabel(source, (values) => t('shipped', values));
}
