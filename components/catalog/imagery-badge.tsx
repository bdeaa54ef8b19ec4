'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** A scene whose pixels the satellite-image WMTS serves (issue 37.1). */
export function ImageryBadge({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const t = useTranslations('Normal');
  return (
    <Badge color="teal" variant="light" size={size} data-testid="imagery-badge" title={t('imageryHint')}>
      {t('imagery')}
    </Badge>
  );
}
