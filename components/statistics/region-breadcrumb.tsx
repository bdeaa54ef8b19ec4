'use client';

import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useRegion } from '@/lib/client/queries/regions';
import { cityOfCode, COUNTRY_CODE, levelOfCode, provinceOfCode } from '@/lib/shared/regions/codes';

/**
 * A breadcrumb step: the region's name (from the region API), a button unless it is the current one
 * or one the user may not open (above their area range in the detail, grid and sequence modules).
 */
function RegionCrumb({
  code,
  current,
  enabled,
  onSelect,
}: {
  code: string;
  current: boolean;
  enabled: boolean;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations('Monitor');
  const region = useRegion(code === COUNTRY_CODE ? null : code);
  const name = code === COUNTRY_CODE ? t('country') : (region.data?.name ?? code);
  if (current)
    return (
      <Text span fw={600} aria-current="location">
        {name}
      </Text>
    );
  if (!enabled)
    return (
      <Text span c="dimmed">
        {name}
      </Text>
    );
  return (
    <Anchor component="button" type="button" onClick={() => onSelect(code)}>
      {name}
    </Anchor>
  );
}

/** The way back from a region to the country: country › province › city › county, each step but the last a button. */
export function RegionBreadcrumb({
  region,
  canOpen = () => true,
  onSelect,
  testId = 'monitor-breadcrumb',
}: {
  region: string;
  /** Whether a step may be opened (default: all). */
  canOpen?: (code: string) => boolean;
  onSelect: (code: string) => void;
  testId?: string;
}) {
  const t = useTranslations('Monitor');
  const path = [COUNTRY_CODE];
  const level = levelOfCode(region);
  if (level !== 'country') path.push(provinceOfCode(region));
  const city = cityOfCode(region);
  if (city && city !== region) path.push(city);
  if (level === 'city' || level === 'county') path.push(region);
  return (
    <nav aria-label={t('breadcrumb')}>
      <Breadcrumbs separator="›" data-testid={testId}>
        {path.map((code, i) => (
          <RegionCrumb key={code} code={code} current={i === path.length - 1} enabled={canOpen(code)} onSelect={onSelect} />
        ))}
      </Breadcrumbs>
    </nav>
  );
}
