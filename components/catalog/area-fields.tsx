'use client';

import { Button, CloseButton, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RegionPicker } from '@/components/regions/region-picker';
import { useRegion } from '@/lib/client/queries/regions';
import { CATALOGUE_LIMITS, bboxSchema, type Bbox } from '@/lib/shared/contracts/catalogue';
import classes from './catalog.module.css';

function RegionChip({ code, onRemove }: { code: string; onRemove: (code: string) => void }) {
  const t = useTranslations('Normal');
  const region = useRegion(code);
  const name = region.data?.name ?? code;
  return (
    <li className={classes.regionChip} data-testid="region-chip" data-code={code}>
      <span>{name}</span>
      <CloseButton size="xs" aria-label={t('region.remove', { name })} onClick={() => onRemove(code)} />
    </li>
  );
}

/** REGION mode: pick a province, city or county (spec §4 auto-select) and add it; several regions make chips. */
export function RegionFields({
  regionCodes,
  onAdd,
  onRemove,
  max = CATALOGUE_LIMITS.maxRegions,
}: {
  regionCodes: string[];
  onAdd: (code: string) => void;
  onRemove: (code: string) => void;
  /** Regions one search takes (the image query's 50; the orbital prediction's 10): adding stops there. */
  max?: number;
}) {
  const t = useTranslations('Normal');
  const [pending, setPending] = useState<string | null>(null);
  const full = regionCodes.length >= max;
  return (
    <Stack gap="xs">
      <RegionPicker value={pending} onChange={(code) => setPending(code)} orientation="vertical" label={t('region.picker')} />
      <Button
        size="xs"
        variant="light"
        disabled={pending === null || regionCodes.includes(pending) || full}
        onClick={() => {
          if (pending) onAdd(pending);
        }}
        data-testid="region-add"
      >
        {t('region.add')}
      </Button>
      {regionCodes.length > 0 ? (
        <ul className={classes.regionChips} aria-label={t('region.chosen')}>
          {regionCodes.map((code) => (
            <RegionChip key={code} code={code} onRemove={onRemove} />
          ))}
        </ul>
      ) : (
        <Text size="xs" c="dimmed">
          {t('region.none')}
        </Text>
      )}
    </Stack>
  );
}

type Draft = [number | string, number | string, number | string, number | string];
const SIDES = ['west', 'south', 'east', 'north'] as const;

/** EXTENT mode: four numbers, or a rectangle dragged on the map (which fills them). */
export function ExtentFields({ extent, onApply }: { extent: Bbox | null; onApply: (extent: Bbox) => void }) {
  const t = useTranslations('Normal');
  const [draft, setDraft] = useState<Draft>(extent ?? ['', '', '', '']);
  const [shown, setShown] = useState(extent);
  const [error, setError] = useState<string | null>(null);
  // A rectangle drawn on the map (or a restored URL) replaces what was typed.
  if (shown !== extent) {
    setShown(extent);
    if (extent) setDraft(extent);
  }
  const apply = () => {
    const parsed = bboxSchema.safeParse(draft.map((v) => (v === '' ? Number.NaN : Number(v))));
    if (!parsed.success) {
      setError(t('extent.invalid'));
      return;
    }
    setError(null);
    onApply(parsed.data);
  };
  return (
    <Stack gap="xs">
      <div className={classes.extentGrid}>
        {SIDES.map((side, i) => (
          <NumberInput
            key={side}
            size="xs"
            label={t(`extent.${side}`)}
            value={draft[i]}
            min={i % 2 === 0 ? -180 : -90}
            max={i % 2 === 0 ? 180 : 90}
            decimalScale={6}
            hideControls
            onChange={(v) => setDraft((d) => d.map((old, j) => (j === i ? v : old)) as Draft)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
            data-testid={`extent-${side}`}
          />
        ))}
      </div>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={apply} data-testid="extent-apply">
          {t('extent.apply')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('extent.hint')}
      </Text>
    </Stack>
  );
}
