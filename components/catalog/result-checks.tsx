'use client';

import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useRouter } from '@/i18n/navigation';
import { apiFetch } from '@/lib/client/api';
import { saveApplyDraft } from '@/lib/client/apply-draft';
import { catalogueKeys } from '@/lib/client/queries/catalogue';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { allSceneIdsContract, SELECT_MODES, vertexCount, type Scene, type SceneFilter } from '@/lib/shared/contracts/catalogue';
import type { RequestArea } from '@/lib/shared/contracts/requests';
import { REQUEST_LIMITS } from '@/lib/shared/orders/request-limits';
import { ORDER_LIMITS } from '@/lib/shared/orders/model';
import classes from './result-checks.module.css';

/**
 * The checked results (the store's `resultIds`, spec "result ids"): what exports, coverage analysis and
 * the cart work on. A checkbox per row, labelled with the scene's file name; "check page", "check all
 * results" (the `allids` list, capped, and the screen says when it was cut) and "clear"; the count.
 */

function toggle(id: string, on: boolean) {
  const { resultIds, setResultIds } = useSelectionStore.getState();
  if (on === resultIds.includes(id)) return;
  setResultIds(on ? [...resultIds, id] : resultIds.filter((x) => x !== id));
}

/** One result row: its checkbox, then the row itself (`children`, the row button). */
export function CheckableRow({ scene, children }: { scene: Pick<Scene, 'id' | 'fileName'>; children: ReactNode }) {
  const t = useTranslations('Export');
  const checked = useSelectionStore((s) => s.resultIds.includes(scene.id));
  return (
    <li className={classes.row}>
      <Checkbox
        className={classes.check}
        checked={checked}
        onChange={(e) => toggle(scene.id, e.currentTarget.checked)}
        aria-label={t('checks.row', { name: scene.fileName })}
        data-testid="result-check"
      />
      {children}
    </li>
  );
}

/** The search's area when an application can name it (regions, an uploaded area, a drawing within the bounds). */
function applicableArea(filter: SceneFilter): RequestArea | null {
  const area = filter.area;
  if (!area) return null;
  if (area.mode === SELECT_MODES.REGION && area.regionCodes.length <= REQUEST_LIMITS.maxRegions) return area;
  if (area.mode === SELECT_MODES.SHP) return area;
  if (area.mode === SELECT_MODES.DRAW && vertexCount(area.geometry) <= REQUEST_LIMITS.maxVertices) return area;
  return null;
}

/**
 * "Apply for data": the checked scenes (at most ORDER_LIMITS.maxRequestItems), the search's area and
 * period go to the application form (apply-draft.ts); signing in is asked for there.
 */
function ApplyButton() {
  const t = useTranslations('Applications.fromQuery');
  const router = useRouter();
  const count = useSelectionStore((s) => s.resultIds.length);
  const apply = () => {
    const { resultIds, submitted } = useSelectionStore.getState();
    const filter = submitted ? submittedFilter(submitted) : {};
    saveApplyDraft({
      sceneIds: resultIds.slice(0, ORDER_LIMITS.maxRequestItems),
      area: applicableArea(filter),
      dateFrom: filter.dateFrom ?? null,
      dateTo: filter.dateTo ?? null,
    });
    router.push('/personal/personalCenter/myApply/new');
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={apply}
      disabled={count === 0}
      aria-label={t('applyLabel', { count })}
      title={count > ORDER_LIMITS.maxRequestItems ? t('capped', { max: ORDER_LIMITS.maxRequestItems }) : undefined}
      data-testid="apply-for-data"
    >
      {t('apply')}
    </Button>
  );
}

/** Check page / check all / clear, with the count of checked scenes. */
export function ResultChecksBar({ pageIds }: { pageIds: readonly string[] }) {
  const t = useTranslations('Export');
  const queryClient = useQueryClient();
  const count = useSelectionStore((s) => s.resultIds.length);
  const submitted = useSelectionStore((s) => s.submitted);
  const setResultIds = useSelectionStore((s) => s.setResultIds);
  const [loadingAll, setLoadingAll] = useState(false);
  const [note, setNote] = useState<{ kind: 'capped'; cap: number; total: number } | { kind: 'failed' } | null>(null);

  const checkPage = () => {
    const ids = useSelectionStore.getState().resultIds;
    const have = new Set(ids);
    setResultIds([...ids, ...pageIds.filter((id) => !have.has(id))]);
    setNote(null);
  };

  const checkAll = async () => {
    if (!submitted) return;
    const filter = submittedFilter(submitted);
    setLoadingAll(true);
    setNote(null);
    try {
      const all = await queryClient.fetchQuery({
        queryKey: catalogueKeys.allIds(filter),
        queryFn: ({ signal }) => apiFetch(allSceneIdsContract, { body: { filter }, signal }),
        staleTime: 60_000,
      });
      // Only if the search has not changed meanwhile.
      if (useSelectionStore.getState().submitted === submitted) {
        setResultIds(all.ids);
        if (all.capped) setNote({ kind: 'capped', cap: all.cap, total: all.total });
      }
    } catch {
      setNote({ kind: 'failed' });
    } finally {
      setLoadingAll(false);
    }
  };

  return (
    <div role="group" aria-label={t('checks.group')} data-testid="result-checks">
      <Group gap="xs" className={classes.bar} wrap="wrap">
        <Button size="compact-xs" variant="default" onClick={checkPage} disabled={pageIds.length === 0} data-testid="check-page">
          {t('checks.checkPage')}
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => void checkAll()} loading={loadingAll} data-testid="check-all">
          {t('checks.checkAll')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            setResultIds([]);
            setNote(null);
          }}
          disabled={count === 0}
          data-testid="check-clear"
        >
          {t('checks.clear')}
        </Button>
        <Text size="xs" role="status" aria-live="polite" data-testid="checked-count">
          {t('checks.count', { count })}
        </Text>
        <ApplyButton />
      </Group>
      {note ? (
        <Text
          size="xs"
          c={note.kind === 'failed' ? 'red' : 'orange.8'}
          role={note.kind === 'failed' ? 'alert' : 'status'}
          data-testid="check-note"
          mt={4}
        >
          {note.kind === 'capped' ? t('checks.capped', { cap: note.cap, total: note.total }) : t('checks.allFailed')}
        </Text>
      ) : null}
    </div>
  );
}
