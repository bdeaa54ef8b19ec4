'use client';

/**
 * The field photos of a case (issue 34.1, lawSpotDetail; phone first): per view kind, how many the batch needs and
 * how many there are, a button that opens the camera (or the gallery) to add more while the case is with me as
 * checker, and every photo as its server-captioned copy with what the server found — time, position, heading,
 * distance to the spot — and its warnings, each as an icon and words (never colour alone). Reviewers see the same.
 */
import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { MapMarker } from '@/components/map';
import { ApiClientError } from '@/lib/client/api';
import { useCasePhotoActions } from '@/lib/client/queries/verification-case';
import type { CaseDetail, CasePhoto, CasePhotos } from '@/lib/shared/contracts/verification';
import { compassPoint, formatLonLat, PHOTO_VIEW_KINDS, type PhotoViewKind } from '@/lib/shared/verification/photos';
import classes from './case.module.css';

type Notice = { kind: 'done' | 'error' | 'busy'; text: string };

function PhotoCard({
  photo,
  n,
  detail,
  onDelete,
  busy,
}: {
  photo: CasePhoto;
  n: number;
  detail: CaseDetail;
  onDelete: () => void;
  busy: boolean;
}) {
  const t = useTranslations('VerifyPhotos');
  const format = useFormatter();
  const kind = t(`kinds.${photo.kind}`);
  return (
    <Paper
      withBorder
      p="xs"
      component="figure"
      className={classes.photo}
      data-testid="case-photo"
      data-photo-id={photo.id}
      data-flags={photo.flags.join(' ')}
    >
      <a href={photo.display.url} target="_blank" rel="noopener">
        {/* eslint-disable-next-line @next/next/no-img-element -- a stored photo served by the case's API, not a static asset */}
        <img
          className={classes.photoImage}
          src={photo.display.url}
          width={photo.display.width}
          height={photo.display.height}
          alt={t('alt', { kind, n, spotNo: detail.spotNo })}
          loading="lazy"
          decoding="async"
        />
      </a>
      <Stack gap={2} component="figcaption">
        {photo.flags.length > 0 ? (
          <ul className={classes.flags} aria-label={t('flagsLabel')} data-testid="photo-flags">
            {photo.flags.map((f) => (
              <li key={f} data-flag={f}>
                <Badge variant="light" color="orange" leftSection={<span aria-hidden="true">⚠</span>} style={{ textTransform: 'none' }}>
                  {t(`flags.${f}`)}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="xs" data-testid="photo-flags">
            <span aria-hidden="true">✓ </span>
            {t('noFlags')}
          </Text>
        )}
        <Text size="xs">{photo.takenAt ? t('takenAt', { date: format.dateTime(new Date(photo.takenAt), 'moment') }) : t('noTime')}</Text>
        <Text size="xs" data-testid="photo-position">
          {photo.position ? t('position', { position: formatLonLat(photo.position[0], photo.position[1]) }) : t('noPosition')}
        </Text>
        {photo.distanceM !== null ? (
          <Text size="xs" data-testid="photo-distance">
            {photo.distanceM === 0
              ? t('inside')
              : t('distance', { distance: format.number(photo.distanceM, { maximumFractionDigits: 0 }) })}
          </Text>
        ) : null}
        {photo.tappedGapM !== null ? (
          <Text size="xs">{t('tappedGap', { distance: format.number(photo.tappedGapM, { maximumFractionDigits: 0 }) })}</Text>
        ) : null}
        {photo.heading !== null ? (
          <Text size="xs">
            {t('heading', { degrees: format.number(photo.heading, { maximumFractionDigits: 1 }), compass: compassPoint(photo.heading) })}
          </Text>
        ) : null}
        {photo.device ? <Text size="xs">{t('device', { device: photo.device })}</Text> : null}
        {photo.uploadedBy ? <Text size="xs">{t('by', { user: photo.uploadedBy })}</Text> : null}
        <Text size="xs" c="gray.7" className={classes.hash}>
          {t('sha256')}: <code data-testid="photo-sha256">{photo.original.sha256}</code>
        </Text>
        <Group gap="xs" wrap="wrap">
          <Anchor href={photo.original.url} size="xs" download>
            {t('original', { size: format.number(photo.original.bytes / 1024, { maximumFractionDigits: 0 }) })}
          </Anchor>
          {photo.canDelete ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              disabled={busy}
              aria-label={t('deleteLabel', { n, kind })}
              data-testid="photo-delete"
            >
              {t('delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function KindRow({
  kind,
  needed,
  photos,
  detail,
  canAdd,
  busy,
  onAdd,
  onDelete,
}: {
  kind: PhotoViewKind;
  needed: number;
  photos: CasePhoto[];
  detail: CaseDetail;
  canAdd: boolean;
  busy: boolean;
  onAdd: (kind: PhotoViewKind, files: File[]) => void;
  onDelete: (photo: CasePhoto, n: number) => void;
}) {
  const t = useTranslations('VerifyPhotos');
  const name = t(`kinds.${kind}`);
  const have = photos.length;
  const missing = Math.max(0, needed - have);
  return (
    <li className={classes.photoKind} data-testid="photo-kind" data-kind={kind} data-have={have} data-needed={needed}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Text fw={600} size="sm" component="h3" className={classes.kindTitle}>
            {name}
          </Text>
          <Text size="xs" aria-label={t('tallyLabel', { kind: name, have, needed })} data-testid="photo-tally">
            {needed > 0 ? t('tally', { have, needed }) : t('tallyNone', { have })}
            {needed > 0 ? (
              missing === 0 ? (
                <span>
                  {' · '}
                  <span aria-hidden="true">✓ </span>
                  {t('complete')}
                </span>
              ) : (
                <span>
                  {' · '}
                  <span aria-hidden="true">⚠ </span>
                  {t('missing', { count: missing })}
                </span>
              )
            ) : null}
          </Text>
        </div>
        {canAdd ? (
          <FileButton
            onChange={(files) => onAdd(kind, files)}
            accept="image/*"
            multiple
            inputProps={
              { capture: 'environment', 'aria-label': t('addLabel', { kind: name }), 'data-testid': `photo-input-${kind}` } as object
            }
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                disabled={busy}
                aria-label={t('addLabel', { kind: name })}
                data-testid={`photo-add-${kind}`}
              >
                {t('add')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {photos.length > 0 ? (
        <div className={classes.photoGrid}>
          {photos.map((p, i) => (
            <PhotoCard key={p.id} photo={p} n={i + 1} detail={detail} busy={busy} onDelete={() => onDelete(p, i + 1)} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

export function CasePhotosSection({
  detail,
  photos,
  tapped,
  loading,
  failed,
}: {
  detail: CaseDetail;
  photos: CasePhotos | undefined;
  /** Where the user tapped on the map ([lon, lat]), sent with each photo. */
  tapped: [number, number] | null;
  loading: boolean;
  failed: boolean;
}) {
  const t = useTranslations('VerifyPhotos');
  const actions = useCasePhotoActions(detail.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingId = `case-photos-${detail.id}`;

  const reason = (error: unknown) => (error instanceof ApiClientError && error.message ? error.message : null);

  const add = async (kind: PhotoViewKind, files: File[]) => {
    const name = t(`kinds.${kind}`);
    for (const file of files) {
      setNotice({ kind: 'busy', text: t('uploading', { name: file.name }) });
      try {
        await actions.upload(file, { kind, ...(tapped ? { tappedLon: tapped[0], tappedLat: tapped[1] } : {}) });
        setNotice({ kind: 'done', text: t('uploaded', { kind: name }) });
      } catch (error) {
        const why = reason(error);
        setNotice({ kind: 'error', text: why ? t('failed', { reason: why }) : t('failedUnknown') });
        return;
      }
    }
  };

  const remove = async (photo: CasePhoto) => {
    try {
      await actions.remove(photo.id);
      setNotice({ kind: 'done', text: t('deleted') });
    } catch (error) {
      setNotice({ kind: 'error', text: t('deleteFailed', { reason: reason(error) ?? t('failedUnknown') }) });
    }
  };

  const byKind = new Map<PhotoViewKind, CasePhoto[]>(PHOTO_VIEW_KINDS.map((k) => [k, []]));
  for (const p of photos?.photos ?? []) byKind.get(p.kind)!.push(p);
  // The kinds the batch asks for, then any others that have photos (or all of them to a checker who may add).
  const kinds = (photos?.tally ?? []).filter((k) => k.needed > 0 || k.have > 0 || photos?.canAdd);

  return (
    <section aria-labelledby={headingId} data-testid="case-photos" data-can-add={photos?.canAdd ? 'true' : 'false'}>
      <Title order={2} size="h5" id={headingId} mb={4}>
        {t('title')}
      </Title>
      {photos ? (
        <Text size="xs" c="gray.7" mb="xs">
          {t('intro', { distance: photos.distanceM })}
        </Text>
      ) : null}
      <div role="status" aria-live="polite" data-testid="photo-notice" data-kind={notice?.kind ?? ''}>
        {notice && notice.kind !== 'busy' ? (
          <Alert color={notice.kind === 'done' ? 'green' : 'red'} variant="light" p="xs" mb="xs">
            <Text size="sm">{notice.text}</Text>
          </Alert>
        ) : notice ? (
          <Text size="sm">{notice.text}</Text>
        ) : null}
      </div>
      {failed && !photos ? (
        <Text size="sm" role="alert">
          {t('loadFailed')}
        </Text>
      ) : loading && !photos ? (
        <Text size="sm">{t('loading')}</Text>
      ) : photos ? (
        <>
          {photos.photos.length === 0 ? (
            <Text size="sm" mb="xs" data-testid="photos-none">
              {t('none')}
            </Text>
          ) : null}
          <ul className={classes.photoKinds}>
            {kinds.map((k) => (
              <KindRow
                key={k.kind}
                kind={k.kind}
                needed={k.needed}
                photos={byKind.get(k.kind) ?? []}
                detail={detail}
                canAdd={photos.canAdd}
                busy={actions.busy}
                onAdd={(kind, files) => void add(kind, files)}
                onDelete={(p) => void remove(p)}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Where I stand, tapped on the map: said in words, with a way to clear it (shown to whoever may add photos). */
export function TapControl({ tapped, onClear }: { tapped: [number, number] | null; onClear: () => void }) {
  const t = useTranslations('VerifyPhotos.tap');
  return (
    <Paper withBorder p="xs" data-testid="photo-tap">
      <Text fw={600} size="sm">
        {t('title')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('hint')}
      </Text>
      <Group gap="xs" justify="space-between" wrap="wrap" mt={4}>
        <Text size="sm" role="status" aria-live="polite" data-testid="photo-tapped">
          {tapped ? t('set', { position: formatLonLat(tapped[0], tapped[1]) }) : t('none')}
        </Text>
        {tapped ? (
          <Button size="compact-xs" variant="subtle" onClick={onClear}>
            {t('clear')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Map markers: each photo with a GPS position, and where I tapped. */
export function usePhotoMarkers(photos: CasePhotos | undefined, tapped: [number, number] | null): MapMarker[] {
  const t = useTranslations('VerifyPhotos');
  const format = useFormatter();
  return useMemo(() => {
    const markers: MapMarker[] = [];
    const counts = new Map<PhotoViewKind, number>();
    for (const p of photos?.photos ?? []) {
      const n = (counts.get(p.kind) ?? 0) + 1;
      counts.set(p.kind, n);
      if (!p.position) continue;
      const label = t('marker', { n, kind: t(`kinds.${p.kind}`) });
      markers.push({
        id: `photo-${p.id}`,
        position: p.position,
        label,
        popup: {
          title: label,
          rows: [
            { label: t('flagsLabel'), value: p.flags.length ? p.flags.map((f) => t(`flags.${f}`)).join(', ') : t('noFlags') },
            ...(p.takenAt ? [{ label: t('caption.time'), value: format.dateTime(new Date(p.takenAt), 'moment') }] : []),
          ],
        },
      });
    }
    if (tapped) {
      const label = t('tap.title');
      markers.push({
        id: 'tapped',
        position: tapped,
        label,
        popup: { title: label, rows: [{ label: t('caption.position'), value: formatLonLat(tapped[0], tapped[1]) }] },
      });
    }
    return markers;
  }, [photos, tapped, t, format]);
}
