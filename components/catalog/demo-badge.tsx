'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** Demo scenes say so wherever they are shown, so nobody takes them for real acquisitions. */
export function DemoBadge({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const t = useTranslations('Normal');
  return (
    <Badge color="yellow" variant="light" size={size} data-testid="demo-badge">
      {t('demo')}
    </Badge>
  );
}
