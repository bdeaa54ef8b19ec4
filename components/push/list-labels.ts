'use client';
import { useTranslations } from 'next-intl';
import type { PagedListLabels } from '@/components/ui/paged-list';

/** The push screens' paged-list labels (loading, failure, retry, pages), from Push.list. */
export function usePushListLabels(): PagedListLabels {
  const list = useTranslations('Push.list');
  return { loading: list('loading'), loadFailed: list('loadFailed'), retry: list('retry'), pages: list('pages') };
}
