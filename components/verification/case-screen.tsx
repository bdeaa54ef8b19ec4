'use client';

/**
 * One verification case (issue 33, spec §2 /verify/lawenforceinspect/lawSpotDetail): the spot, its scenes and land
 * classes, the verdict form, the moves my roles may make and the history with its record check.
 *
 * Nothing typed is lost: the form's draft is kept in session storage under the case's id as it is typed. When a move
 * is refused because the case moved on since the page loaded it (409), the case is loaded again and the draft stays
 * over it; a successful submit clears it.
 */
import { Alert, Badge, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MapClientConfig } from '@/components/map';
import { StatusHistorySection, type HistoryEntry } from '@/components/workflow/status-history';
import { ApiClientError } from '@/lib/client/api';
import { API_CODES } from '@/lib/shared/contracts/api';
import { useCaseChain, useCaseDetail, useCasePhotos, useMoveCase } from '@/lib/client/queries/verification-case';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import {
  clearDraft,
  draftOf,
  formBody,
  formProblems,
  readDraft,
  sameDraft,
  saveDraft,
  type CaseFormDraft,
  type CaseFormField,
  type CaseFormProblem,
} from '@/lib/shared/verification/case-form';
import { caseDay } from '@/lib/shared/verification/case-view';
import { CaseAreas, CaseMap, CaseScenes } from './case-evidence';
import { CaseForm, FORM_FIELD_ID } from './case-form';
import { CasePhotosSection, TapControl, usePhotoMarkers } from './case-photos';
import { CaseMoves } from './case-moves';
import { CaseRectification, RECTIFICATION_CHOICE_ID, type CitedEvidence } from './case-rectification';
import classes from './case.module.css';

const ROLE_KEYS = ['checker', 'reviewer', 'confirmer', 'admin', 'system'] as const;
type RoleKey = (typeof ROLE_KEYS)[number];
const roleKey = (role: string): RoleKey | null => ROLE_KEYS.find((r) => r === role) ?? null;

function CaseHeader({ detail }: { detail: CaseDetail }) {
  const t = useTranslations('VerifyCase');
  const format = useFormatter();
  const locale = useLocale();
  const roles = detail.myRoles.map((r) => roleKey(r)).filter((r): r is RoleKey => r !== null);
  return (
    <header className={classes.header} data-testid="case-header">
      <Stack gap={4}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {t('title', { spotNo: detail.spotNo })}
        </Title>
        <Text size="sm" data-testid="case-region">
          {detail.regionPath.map((r) => r.name).join(' / ')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="blue" data-testid="case-stage" data-stage={detail.status} style={{ textTransform: 'none' }}>
            {t('stage', { name: detail.statusName })}
          </Badge>
          {detail.daysOverdue > 0 ? (
            <Badge variant="filled" color="red" data-testid="case-overdue" style={{ textTransform: 'none' }}>
              <span aria-hidden="true">⚠ </span>
              {t('overdue', { days: detail.daysOverdue })}
            </Badge>
          ) : null}
          {detail.batch.demo ? (
            <Badge variant="light" color="yellow" data-testid="demo-badge" style={{ textTransform: 'none' }}>
              {t('demo')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" data-testid="case-due">
          {detail.stageDue ? t('due', { date: format.dateTime(caseDay(detail.stageDue), 'day') }) : null}
          {detail.stageDue && detail.daysOverdue === 0 ? ` · ${t('onTime')}` : null}
        </Text>
        {/* With whom, for how long (issue 33.4): the server's sentence in my language. */}
        {detail.holding ? (
          <Text size="sm" data-testid="case-holding">
            {detail.holding.text}
          </Text>
        ) : null}
        <Text size="xs" c="gray.7">
          {t('batch', { name: detail.batch.name })} · {t('pushedOn', { date: format.dateTime(caseDay(detail.batch.pushedOn), 'day') })} ·{' '}
          {t('changeType', { name: detail.changeTypeName })}
        </Text>
        {detail.pushBatches.length > 0 ? (
          <Text size="xs" c="gray.7" data-testid="case-push-batches">
            {t('pushBatches', { batches: detail.pushBatches.map((b) => `#${b.batchId} (${b.quarter})`).join(', ') })}
          </Text>
        ) : null}
      </Stack>
      {/* The header's second column holds what concerns me here, and the case's report (PDF, made by the server). */}
      <Stack gap={6} className={classes.roles}>
        <Text size="sm" data-testid="case-roles">
          {roles.length > 0 ? t('myRoles', { roles: roles.map((r) => t(`roles.${r}`)).join(', ') }) : t('noRole')}
        </Text>
        <Button
          component="a"
          href={`/api/process-spot-bjhs/v1/process/report/${encodeURIComponent(detail.id)}?lang=${locale}`}
          download
          variant="light"
          size="xs"
          data-testid="case-report"
        >
          {t('report')}
        </Button>
      </Stack>
    </header>
  );
}

function CaseHistory({ detail }: { detail: CaseDetail }) {
  const t = useTranslations('VerifyCase');
  const chain = useCaseChain(detail.id, detail.version);
  const entries: HistoryEntry[] = detail.history.map((h) => {
    const role = roleKey(h.role);
    // The system's own moves already say "by the system".
    const capacity = h.role === 'system' ? null : t('history.role', { role: role ? t(`roles.${role}`) : h.role });
    // What a closing move cited (issue 34.3), after its note.
    const [kind, ...rest] = h.evidence?.split(':') ?? [];
    const cited =
      kind === 'scene'
        ? t('history.citedScene', { id: rest.join(':') })
        : kind === 'spot'
          ? t('history.citedSpot', { id: rest.join(':') })
          : null;
    const note = [h.note, cited].filter(Boolean).join(' · ') || null;
    return { toStatusName: h.toStatusName, by: h.by, note, at: h.at, role: capacity };
  });
  return (
    <div data-testid="case-history">
      <StatusHistorySection id={`case-history-${detail.id}`} title={t('history.title')} entries={entries} chain={chain.data} />
    </div>
  );
}

type Problems = Partial<Record<CaseFormField, CaseFormProblem>>;
type Notice = { kind: 'done' | 'stale' | 'error' | 'fix'; text: string };

function CaseView({ detail, config }: { detail: CaseDetail; config: MapClientConfig }) {
  const t = useTranslations('VerifyCase');
  const move = useMoveCase(detail.id);
  const editable = detail.moves.some((m) => m.to === 'submitted');
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  // Field photos (issue 34.1), and where the checker tapped on the map to say where they stand.
  const photos = useCasePhotos(detail.id, detail.version);
  const [tapped, setTapped] = useState<[number, number] | null>(null);
  const canAdd = photos.data?.canAdd ?? false;
  const markers = usePhotoMarkers(photos.data, canAdd ? tapped : null);

  // The draft: what was typed (kept in session storage) over what the case holds. A new version of the case (after
  // any move, or a reload after a 409) shows the stored draft if there is one, else the case's own form.
  const [seen, setSeen] = useState<{ id: string; version: number } | null>(null);
  const [draft, setDraft] = useState<CaseFormDraft>(() => draftOf(detail.form));
  const [restored, setRestored] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [cited, setCited] = useState<CitedEvidence | null>(null);
  const [citeError, setCiteError] = useState<string | null>(null);
  if (seen?.id !== detail.id || seen.version !== detail.version) {
    setCited(null);
    setCiteError(null);
    const stored = readDraft(detail.id);
    const own = draftOf(detail.form);
    setDraft(stored ?? own);
    // Said once, when the page opens on a draft that differs from the case.
    if (seen?.id !== detail.id) setRestored(editable && stored !== null && !sameDraft(stored, own));
    setSeen({ id: detail.id, version: detail.version });
  }

  const change = (patch: Partial<CaseFormDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    saveDraft(detail.id, next);
    // A fixed field stops being marked.
    if (Object.keys(problems).length > 0) setProblems(formProblems(next));
  };
  const discard = () => {
    clearDraft(detail.id);
    setDraft(draftOf(detail.form));
    setRestored(false);
    setProblems({});
  };

  const doMove = async (m: CaseDetail['moves'][number], note: string | null): Promise<string | null> => {
    setNotice(null);
    let form: ReturnType<typeof formBody> = null;
    if (m.to === 'submitted') {
      const found = formProblems(draft);
      setProblems(found);
      const first = (Object.keys(found) as CaseFormField[])[0];
      if (first) {
        setNotice({ kind: 'fix', text: t('form.fix') });
        document.getElementById(FORM_FIELD_ID(detail.id, first))?.focus();
        return t('form.fix');
      }
      form = formBody(draft);
    }
    // Closing a rectified case cites one of the listed scenes or spots (the server checks it is listed).
    const citing = m.to === 'closed' && detail.rectification !== null;
    if (citing && !cited) {
      setCiteError(t('rectification.chooseFirst'));
      setNotice({ kind: 'fix', text: t('rectification.chooseFirst') });
      document.getElementById(RECTIFICATION_CHOICE_ID(detail.id))?.querySelector<HTMLInputElement>('input')?.focus();
      return t('rectification.chooseFirst');
    }
    try {
      // A sent draft is dropped before the case comes back, so the form then shows what the case holds.
      await move.move(
        { to: m.to, version: detail.version, note, ...(form ? { form } : {}), ...(citing && cited ? { evidence: cited } : {}) },
        () => {
          if (m.to === 'submitted') clearDraft(detail.id);
        },
      );
      setRestored(false);
      setNotice({ kind: 'done', text: t('moves.done', { stage: m.toName }) });
      return null;
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) {
        // The draft is in session storage already: the reloaded case shows it again.
        saveDraft(detail.id, draft);
        setNotice({ kind: 'stale', text: t('moves.stale') });
        return t('moves.stale');
      }
      const text = error instanceof ApiClientError && error.message ? error.message : t('moves.failed');
      setNotice({ kind: 'error', text });
      return text;
    }
  };

  const form = (
    <CaseForm
      detail={detail}
      editable={editable}
      draft={draft}
      problems={problems}
      onChange={change}
      restored={restored}
      onDiscard={discard}
    />
  );
  const actions = <CaseMoves detail={detail} busy={move.busy} onMove={doMove} />;
  const noticeLine = (
    <div role="status" aria-live="polite" data-testid="case-notice" data-kind={notice?.kind ?? ''}>
      {notice ? (
        <Alert color={notice.kind === 'done' ? 'green' : notice.kind === 'stale' ? 'orange' : 'red'} variant="light" p="xs">
          <Text size="sm">{notice.text}</Text>
        </Alert>
      ) : null}
    </div>
  );

  return (
    <Stack gap="md" data-testid="case-page" data-case-id={detail.id} data-version={detail.version}>
      <CaseHeader detail={detail} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <CaseMap
              detail={detail}
              config={config}
              height={wide ? 420 : 300}
              markers={markers}
              onMapClick={canAdd ? (point) => setTapped(point) : undefined}
            />
            {canAdd ? <TapControl tapped={tapped} onClear={() => setTapped(null)} /> : null}
            <CasePhotosSection
              detail={detail}
              photos={photos.data}
              tapped={canAdd ? tapped : null}
              loading={photos.isPending}
              failed={photos.isError}
            />
            <CaseScenes detail={detail} />
            <CaseAreas detail={detail} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {form}
            <CaseRectification
              detail={detail}
              cited={cited}
              onCite={(e) => {
                setCited(e);
                setCiteError(null);
              }}
              canClose={detail.moves.some((m) => m.to === 'closed')}
              error={citeError}
            />
            {noticeLine}
            {actions}
            <CaseHistory detail={detail} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The case's page: loading, not found (or outside my area: the API answers both alike), failed, or the case. */
export function CaseScreen({ id, config }: { id: string | null; config: MapClientConfig }) {
  const t = useTranslations('VerifyCase');
  const detail = useCaseDetail(id);
  if (id === null)
    return (
      <Alert color="gray" role="alert" data-testid="case-missing">
        {t('noId')}
      </Alert>
    );
  if (detail.isError && !detail.data) {
    // The API answers a case outside my ranges as one that does not exist: code 404 in the envelope (or HTTP 404).
    const e = detail.error;
    const missing = e instanceof ApiClientError && (e.code === API_CODES.NOT_FOUND || (e.kind === 'ignored' && e.status === 404));
    return (
      <Alert color={missing ? 'gray' : 'red'} role="alert" data-testid={missing ? 'case-missing' : 'case-error'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? t('notFound') : t('error')}</Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!detail.data)
    return (
      <Group gap="xs" role="status" data-testid="case-loading">
        <Loader size="sm" />
        <Text size="sm">{t('loading')}</Text>
      </Group>
    );
  return <CaseView detail={detail.data} config={config} />;
}
