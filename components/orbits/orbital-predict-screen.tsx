'use client';

import { Alert, Group, Loader, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DrawnShape } from '@/components/map';
import { usePrediction, useSatellitesNow } from '@/lib/client/queries/orbits';
import { useOrbitPlanStore } from '@/lib/client/stores/orbit-plan-store';
import { MAX_SATELLITES, type PredictedPass } from '@/lib/shared/contracts/orbits';
import { mapPasses } from '@/lib/shared/orbits/map-passes';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { OrbitMission } from '@/lib/shared/orbits/choices';
import { ElementsLine } from './elements-line';
import { OrbitMap } from './orbit-map';
import classes from './orbits.module.css';
import { PassDetail } from './pass-detail';
import { PassTable } from './pass-table';
import { PassTimeline } from './pass-timeline';
import { PlanForm } from './plan-form';
import { PredictionSummary } from './prediction-summary';
import { usePlanUrl } from './use-plan-url';

const NO_PASSES: readonly PredictedPass[] = [];

/** Seconds since `running` turned true (0 while not running): the loading line counts them. */
function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  const [wasRunning, setWasRunning] = useState(running);
  if (wasRunning !== running) {
    setWasRunning(running);
    setElapsed(0);
  }
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setElapsed((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return elapsed;
}

/**
 * The orbital prediction screen (spec §2 `/applicationExtend/orbitalPredict`, issue 22): the plan's form
 * beside the results — the elements used, the figures and exports, a timeline, the map and the pass list.
 */
export function OrbitalPredictScreen({ config, missions }: { config: MapClientConfig; missions: OrbitMission[] }) {
  const t = useTranslations('OrbitalPredict');
  const locale = useLocale();
  const ready = usePlanUrl();
  const { form, submitted, passId } = useOrbitPlanStore(useShallow((s) => ({ form: s.form, submitted: s.submitted, passId: s.passId })));
  const { update, selectPass, setSort } = useOrbitPlanStore(useShallow((s) => ({ update: s.update, selectPass: s.selectPass, setSort: s.setSort })));
  const prediction = usePrediction(locale, ready ? submitted : null);
  const result = prediction.data;
  const busy = prediction.isFetching;
  const seconds = useElapsedSeconds(busy);

  // The satellites shown moving: the prediction's (those computed), else the chosen ones, else the default.
  const nowSatellites = result ? result.satellites.filter((s) => s.skipped === null).map((s) => s.norad) : form.satellites?.length ? form.satellites.slice(0, MAX_SATELLITES) : null;
  const now = useSatellitesNow(ready ? nowSatellites : []);

  const selected = result?.passes.find((p) => p.id === passId) ?? null;
  const drawn = useMemo(() => (result ? mapPasses(result.passes, passId) : null), [result, passId]);
  const select = useCallback((id: string) => selectPass(id), [selectPass]);
  const onShapeDrawn = useCallback(
    (shape: DrawnShape) => {
      if (shape.kind === 'rectangle') update({ areaKind: 'rect', bbox: shape.bbox });
      else update({ areaKind: 'draw', drawn: { type: 'Polygon', coordinates: shape.geometry.coordinates } });
    },
    [update],
  );
  const requested = submitted?.body.satellites?.length ?? 0;

  return (
    <div className={classes.screen} data-testid="orbital-predict-screen">
      <aside className={classes.formColumn} aria-label={t('form.label')}>
        <PlanForm missions={missions} busy={busy} error={prediction.error ? prediction.error.message : null} onRetry={() => void prediction.refetch()} />
      </aside>
      <section className={classes.results} aria-label={t('summary.label')} aria-busy={busy}>
        <Alert color="yellow" variant="light" p="xs" data-testid="predicted-note">
          <Text size="xs" fw={600}>
            {t('predictedNote')}
          </Text>
        </Alert>
        <ElementsLine prediction={result} now={now.data} />
        {busy ? (
          <Group gap="xs" role="status" data-testid="prediction-loading">
            <Loader size="xs" />
            <Text size="sm">
              {t('loading', { satellites: t('loadingSatellites', { count: requested }), days: submitted?.body.days ?? form.days, seconds })}
            </Text>
          </Group>
        ) : null}
        {!submitted && !result ? (
          <Text size="sm" c="dimmed" data-testid="prediction-start">
            {t('start')}
          </Text>
        ) : null}
        {result ? <PredictionSummary prediction={result} /> : null}
        <div className={classes.resultGrid}>
          <div className={classes.timelineColumn}>
            {result && result.passes.length > 0 ? (
              <>
                <PassTimeline prediction={result} selectedId={passId} onSelect={select} />
                <PassDetail prediction={result} pass={selected} onClose={() => selectPass(null)} />
              </>
            ) : null}
          </div>
          <div className={classes.mapStack}>
            {drawn && drawn.total > 0 ? (
              <Text size="xs" c="dimmed" data-testid="map-pass-note">
                {t('map.drawn', { shown: drawn.drawn.length, total: drawn.total, first: drawn.first, selected: String(drawn.selectedExtra) })}
              </Text>
            ) : null}
            <div className={classes.mapColumn}>
              <OrbitMap
                config={config}
                form={form}
                prediction={result ?? null}
                passes={drawn?.drawn ?? NO_PASSES}
                selectedId={passId}
                onSelect={select}
                now={now.data ?? null}
                onShapeDrawn={onShapeDrawn}
                height="100%"
              />
            </div>
          </div>
        </div>
        {result && result.passes.length > 0 ? <PassTable prediction={result} selectedId={passId} onSelect={select} sort={form.sort} onSort={setSort} /> : null}
      </section>
    </div>
  );
}
