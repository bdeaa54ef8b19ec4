'use client';

/**
 * One spot in the field (issue 34.2), from the device's store only: where it is (the outline on the downloaded base
 * map; a tap marks where the checker stands, sent with each photo), the form (kept on the device as it is typed),
 * photos per view kind, and the checker's moves. Whatever is done is queued and sent when the network is there.
 */
import { Alert, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapView, type MapClientConfig, type MapMarker, type OutlineLayer } from '@/components/map';
import { VerdictFields } from '@/components/verification/case-form';
import { enqueue, getCase, putCase, type QueuedPhoto, type QueueItem, type StoredCase, type StoredPackage } from '@/lib/client/field/store';
import { draftOf, EMPTY_DRAFT, formBody, formProblems, type CaseFormDraft } from '@/lib/shared/verification/case-form';
import { PHOTO_LIMITS, PHOTO_VIEW_KINDS, type PhotoViewKind } from '@/lib/shared/verification/photos';
import { verificationMoves } from '@/lib/shared/workflow';
import { stageName } from './field-batch';
import classes from './field.module.css';

/** Stages in which the checker's form can be changed. */
const EDITABLE = new Set(['checking', 'returned']);
const ACCEPTED_TYPES = 'image/jpeg,image/png';

function QueuedPhotoCard({ item }: { item: QueuedPhoto }) {
  const t = useTranslations('VerifyField');
  const tk = useKindName();
  const url = useMemo(() => URL.createObjectURL(item.blob), [item.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper withBorder p={4} data-testid="field-photo" data-state={item.state}>
      {url ? (
        <Image src={url} alt={t('photos.alt', { kind: tk(item.viewKind as PhotoViewKind), name: item.name })} h={96} fit="cover" />
      ) : null}
      <Text size="xs">{tk(item.viewKind as PhotoViewKind)}</Text>
      <Text size="xs" c={item.state === 'pending' ? 'gray.7' : 'orange.9'}>
        {item.state === 'pending' ? t('photos.waiting') : t(`queue.states.${item.state}`)}
      </Text>
    </Paper>
  );
}

/** A view kind's name (the case page's photo section names them). */
function useKindName() {
  const t = useTranslations('VerifyPhotos.kinds');
  return (kind: PhotoViewKind) => t(kind);
}

export function FieldSpot({
  caseId,
  pack,
  queue,
  config,
  onQueued,
}: {
  caseId: string;
  pack: StoredPackage | null;
  queue: QueueItem[];
  config: MapClientConfig;
  onQueued: () => void;
}) {
  const t = useTranslations('VerifyField');
  const tk = useKindName();
  const format = useFormatter();
  const [spot, setSpot] = useState<StoredCase | null | undefined>(undefined);
  const [draft, setDraft] = useState<CaseFormDraft>(EMPTY_DRAFT);
  const [tapped, setTapped] = useState<[number, number] | null>(null);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    void getCase(caseId).then((c) => {
      if (!live) return;
      setSpot(c ?? null);
      if (c) setDraft(c.draft ?? draftOf({ ...c.form, reasonName: null }));
    });
    return () => {
      live = false;
    };
  }, [caseId]);

  const outlines = useMemo<OutlineLayer[]>(
    () =>
      spot
        ? [
            {
              id: 'spot',
              data: { type: 'Feature', id: spot.id, properties: { name: spot.spotNo }, geometry: spot.outline },
              emphasis: 'primary',
            },
          ]
        : [],
    [spot],
  );
  const markers = useMemo<MapMarker[]>(
    () =>
      tapped
        ? [
            {
              id: 'tapped',
              position: tapped,
              label: t('map.tapped'),
              popup: {
                title: t('map.tapped'),
                rows: [{ label: t('map.position'), value: `${tapped[1].toFixed(6)}, ${tapped[0].toFixed(6)}` }],
              },
            },
          ]
        : [],
    [tapped, t],
  );

  if (spot === undefined)
    return (
      <Text size="sm" role="status">
        {t('loading')}
      </Text>
    );
  if (spot === null) return <Text role="alert">{t('spot.missing')}</Text>;

  const photos = queue.filter((q): q is QueuedPhoto => q.kind === 'photo' && q.caseId === spot.id);
  const editable = EDITABLE.has(spot.localStatus);
  const problems = formProblems(draft);
  const moves = verificationMoves(spot.localStatus, ['checker'], draft.verdict);

  const changeDraft = (patch: Partial<CaseFormDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Kept on the device as it is typed: closing the app or losing power loses nothing.
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void putCase({ ...spot, draft: next }), 300);
  };

  const queueMove = async (to: (typeof moves)[number]['to']) => {
    setNotice(null);
    const submitting = to === 'submitted';
    if (submitting && Object.keys(problems).length) {
      setShown(Object.fromEntries(Object.keys(problems).map((k) => [k, 'shown'])));
      setNotice({ kind: 'error', text: t('spot.fixForm') });
      return;
    }
    const form = submitting ? formBody(draft) : null;
    await enqueue({
      kind: 'move',
      caseId: spot.id,
      spotNo: spot.spotNo,
      to,
      toName: stageName(pack, to),
      ...(form ? { form } : {}),
      createdAt: new Date().toISOString(),
      state: 'pending',
      attempts: 0,
    });
    const next: StoredCase = {
      ...spot,
      localStatus: to,
      ...(form
        ? {
            draft: null,
            form: {
              verdict: form.verdict,
              reasonCode: form.reasonCode ?? null,
              approvalNo: form.approvalNo ?? null,
              builder: form.builder ?? null,
              buildDate: form.buildDate ?? null,
              remarks: form.remarks ?? null,
            },
          }
        : {}),
    };
    await putCase(next);
    setSpot(next);
    setNotice({ kind: 'done', text: t('spot.queued', { stage: stageName(pack, to) }) });
    onQueued();
  };

  const addPhoto = async (kind: PhotoViewKind, file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    if (!['image/jpeg', 'image/png'].includes(file.type)) {
      setNotice({ kind: 'error', text: t('photos.badType') });
      return;
    }
    if (file.size > PHOTO_LIMITS.maxBytes) {
      setNotice({ kind: 'error', text: t('photos.tooLarge', { size: Math.round(PHOTO_LIMITS.maxBytes / 1024 / 1024) }) });
      return;
    }
    await enqueue({
      kind: 'photo',
      caseId: spot.id,
      spotNo: spot.spotNo,
      viewKind: kind,
      tapped,
      blob: file,
      name: file.name,
      createdAt: new Date().toISOString(),
      state: 'pending',
      attempts: 0,
    });
    setNotice({ kind: 'done', text: t('photos.queued') });
    onQueued();
  };

  const visibleProblems = Object.fromEntries(Object.entries(problems).filter(([k]) => shown[k]));
  return (
    <Stack gap="sm" data-testid="field-spot" data-spot={spot.spotNo} data-stage={spot.localStatus}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t('spot.title', { spotNo: spot.spotNo })}
        </Title>
        <Badge variant="light" data-testid="field-spot-stage">
          {stageName(pack, spot.localStatus)}
        </Badge>
      </Group>
      <MapView
        config={config}
        label={t('spot.mapLabel', { spotNo: spot.spotNo })}
        fitBounds={[spot.bbox[0] - 0.004, spot.bbox[1] - 0.004, spot.bbox[2] + 0.004, spot.bbox[3] + 0.004]}
        outlines={outlines}
        markers={markers}
        onMapClick={setTapped}
        height={260}
      />
      <Text size="xs" c="gray.7" role="status">
        {tapped ? t('map.tappedAt', { lat: tapped[1].toFixed(6), lon: tapped[0].toFixed(6) }) : t('map.tapHint')}
      </Text>
      <dl className={classes.facts}>
        <div>
          <dt>{t('spot.county')}</dt>
          <dd>{spot.countyName}</dd>
        </div>
        <div>
          <dt>{t('spot.changeType')}</dt>
          <dd>{spot.changeTypeName}</dd>
        </div>
        <div>
          <dt>{t('spot.area')}</dt>
          <dd>
            {format.number(spot.areaM2 / 10_000, { maximumFractionDigits: 2 })} {t('hectares')}
          </dd>
        </div>
        <div>
          <dt>{t('spot.dates')}</dt>
          <dd>{[spot.beforeDate, spot.afterDate].map((d) => (d ? format.dateTime(new Date(`${d}T00:00:00`), 'day') : '—')).join(' → ')}</dd>
        </div>
        {spot.stageDue ? (
          <div>
            <dt>{t('spot.due')}</dt>
            <dd>{format.dateTime(new Date(`${spot.stageDue}T00:00:00`), 'day')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('spot.center')}</dt>
          <dd>
            {spot.center[1].toFixed(5)}, {spot.center[0].toFixed(5)}
          </dd>
        </div>
      </dl>

      <Paper withBorder p="sm" component="section" aria-labelledby={`field-form-${spot.id}`}>
        <Title order={3} size="h5" id={`field-form-${spot.id}`} mb="xs">
          {t('spot.form')}
        </Title>
        {editable ? (
          <Stack gap="xs">
            <VerdictFields
              caseId={spot.id}
              draft={draft}
              problems={visibleProblems}
              onChange={(patch) => {
                changeDraft(patch);
                setShown((s) => ({ ...s, ...Object.fromEntries(Object.keys(patch).map((k) => [k, 'shown'])) }));
              }}
              verdicts={pack?.dictionaries.verdicts ?? []}
              reasons={pack?.dictionaries.reasons ?? []}
            />
            <Text size="xs" c="gray.7">
              {t('spot.keptOnDevice')}
            </Text>
          </Stack>
        ) : (
          <Text size="sm">
            {spot.form.verdict
              ? t('spot.verdictIs', {
                  verdict: pack?.dictionaries.verdicts.find((v) => v.value === spot.form.verdict)?.name ?? spot.form.verdict,
                })
              : spot.localStatus === 'pushed'
                ? t('spot.acceptFirst')
                : t('spot.notEditable')}
          </Text>
        )}
      </Paper>

      <Paper withBorder p="sm" component="section" aria-labelledby={`field-photos-${spot.id}`}>
        <Title order={3} size="h5" id={`field-photos-${spot.id}`} mb="xs">
          {t('photos.title')}
        </Title>
        {editable ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {PHOTO_VIEW_KINDS.map((kind) => (
              <label key={kind} className={classes.photoInput}>
                <span>{t('photos.add', { kind: tk(kind) })}</span>
                <input
                  type="file"
                  accept={ACCEPTED_TYPES}
                  capture="environment"
                  data-testid={`field-photo-input-${kind}`}
                  onChange={(e) => {
                    void addPhoto(kind, e.currentTarget.files?.[0]);
                    e.currentTarget.value = '';
                  }}
                />
              </label>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="gray.7">
            {t('photos.notNow')}
          </Text>
        )}
        {photos.length ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
            {photos.map((p) => (
              <QueuedPhotoCard key={p.seq} item={p} />
            ))}
          </SimpleGrid>
        ) : null}
      </Paper>

      {notice ? (
        <Alert
          color={notice.kind === 'done' ? 'green' : 'red'}
          p="xs"
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="field-notice"
        >
          {notice.text}
        </Alert>
      ) : null}
      {moves.length ? (
        <Group gap="xs">
          {moves.map((m) => (
            <Button key={m.to} onClick={() => void queueMove(m.to)} data-testid={`field-move-${m.to}`}>
              {t(m.to === 'checking' ? 'spot.accept' : m.to === 'submitted' ? 'spot.submit' : 'spot.move', {
                stage: stageName(pack, m.to),
              })}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
