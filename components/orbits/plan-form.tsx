'use client';

import { Alert, Button, Group, NumberInput, Radio, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useShallow } from 'zustand/react/shallow';
import { ExtentFields, RegionFields } from '@/components/catalog/area-fields';
import { UploadArea } from '@/components/catalog/upload-area';
import { useOrbitPlanStore } from '@/lib/client/stores/orbit-plan-store';
import { COVERAGE_MODES, MAX_SATELLITES, PASS_SORTS, PREDICTION_LIMITS, SENSOR_CHOICES } from '@/lib/shared/contracts/orbits';
import type { OrbitMission } from '@/lib/shared/orbits/choices';
import { AREA_KINDS, planBlocker, type AreaKind } from '@/lib/shared/orbits/plan';
import { SatellitePicker } from './satellite-picker';

export interface PlanFormProps {
  missions: readonly OrbitMission[];
  busy: boolean;
  /** The prediction's failure, in the caller's language; shown beside the button. */
  error: string | null;
  onRetry: () => void;
}

/** Satellites, area, window and options of a prediction; "Predict passes" submits it. */
export function PlanForm({ missions, busy, error, onRetry }: PlanFormProps) {
  const t = useTranslations('OrbitalPredict.form');
  const form = useOrbitPlanStore((s) => s.form);
  const { update, submit, setSort } = useOrbitPlanStore(useShallow((s) => ({ update: s.update, submit: s.submit, setSort: s.setSort })));
  const blocker = planBlocker(form);
  const tooMany = form.satellites !== null && form.satellites.length > MAX_SATELLITES;
  const none = form.satellites !== null && form.satellites.length === 0;
  const kinds = AREA_KINDS.filter((k) => k !== 'uncovered' || form.coverage !== null);

  return (
    <form
      aria-label={t('label')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocker && !tooMany && !none) submit();
      }}
    >
      <Stack gap="sm">
        <SatellitePicker missions={missions} value={form.satellites} onChange={(satellites) => update({ satellites })} />

        <Stack gap={6}>
          <Title order={2} size="h6" id="plan-area-title">
            {t('area')}
          </Title>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-labelledby="plan-area-title"
            value={form.areaKind}
            onChange={(v) => update({ areaKind: v as AreaKind })}
            data={kinds.map((k) => ({ value: k, label: t(`areaKinds.${k}`) }))}
            data-testid="area-kind"
          />
          {form.areaKind === 'region' ? (
            <RegionFields
              regionCodes={form.regions}
              max={PREDICTION_LIMITS.maxRegions}
              onAdd={(code) => update({ regions: [...form.regions, code] })}
              onRemove={(code) => update({ regions: form.regions.filter((c) => c !== code) })}
            />
          ) : null}
          {form.areaKind === 'rect' ? <ExtentFields extent={form.bbox} onApply={(bbox) => update({ bbox })} /> : null}
          {form.areaKind === 'draw' ? (
            <Text size="xs" c={form.drawn ? undefined : 'dimmed'} data-testid="draw-status">
              {form.drawn ? t('drawn', { count: Math.max(0, (form.drawn.coordinates[0]?.length ?? 1) - 1) }) : t('drawHint')}
            </Text>
          ) : null}
          {form.areaKind === 'shp' ? <UploadArea id={form.uploadId} onChange={(uploadId) => update({ uploadId })} /> : null}
          {form.areaKind === 'uncovered' ? (
            <Text size="xs" data-testid="uncovered-source">
              {form.coverage ? t('uncoveredFrom', { count: form.coverage.ids?.length ?? 0 }) : t('noCoverage')}
            </Text>
          ) : null}
        </Stack>

        <Stack gap={6}>
          <Title order={2} size="h6">
            {t('window')}
          </Title>
          <Group gap="xs" grow align="flex-start">
            <TextInput
              size="xs"
              type="date"
              label={t('start')}
              value={form.start}
              onChange={(e) => {
                const start = e.currentTarget.value;
                if (/^\d{4}-\d{2}-\d{2}$/.test(start)) update({ start });
              }}
              required
              data-testid="plan-start"
            />
            <NumberInput
              size="xs"
              label={t('days', { max: PREDICTION_LIMITS.maxDays })}
              min={1}
              max={PREDICTION_LIMITS.maxDays}
              clampBehavior="strict"
              allowDecimal={false}
              value={form.days}
              onChange={(v) => {
                const days = Number(v);
                if (Number.isInteger(days) && days >= 1 && days <= PREDICTION_LIMITS.maxDays) update({ days });
              }}
              data-testid="plan-days"
            />
          </Group>
        </Stack>

        <Radio.Group label={t('mode')} description={t('modeHelp')} value={form.mode} onChange={(v) => update({ mode: v as (typeof COVERAGE_MODES)[number] })}>
          <Group gap="md" mt={4}>
            {COVERAGE_MODES.map((m) => (
              <Radio key={m} size="xs" value={m} label={t(`modes.${m}`)} data-testid={`mode-${m}`} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={t('sensor')} description={t('sensorHelp')} value={form.sensor} onChange={(v) => update({ sensor: v as (typeof SENSOR_CHOICES)[number] })}>
          <Group gap="md" mt={4}>
            {SENSOR_CHOICES.map((s) => (
              <Radio key={s} size="xs" value={s} label={t(`sensors.${s}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={t('sort')} value={form.sort} onChange={(v) => setSort(v as (typeof PASS_SORTS)[number])}>
          <Group gap="md" mt={4}>
            {PASS_SORTS.map((s) => (
              <Radio key={s} size="xs" value={s} label={t(`sorts.${s}`)} />
            ))}
          </Group>
        </Radio.Group>

        {blocker || none ? (
          <Text size="xs" c="dimmed" data-testid="plan-blocker">
            {none ? t('noneChosen') : t(`blocker.${blocker ?? 'noRegion'}`)}
          </Text>
        ) : null}
        <Button type="submit" loading={busy} disabled={blocker !== null || tooMany || none} data-testid="plan-submit">
          {t('submit')}
        </Button>
        {error ? (
          <Alert color="red" role="alert" p="xs" data-testid="plan-error" title={t('failed', { message: error })}>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('retry')}
            </Button>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
