'use client';

/**
 * What the case is about (issue 33, lawSpotDetail): the spot on a map over the county boundary, the scenes before
 * and after the change (each opening in the image query), and the land classes the spot covers.
 */
import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { MapView, type BBox, type MapClientConfig, type MapMarker, type OutlineLayer } from '@/components/map';
import { Link } from '@/i18n/navigation';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { useCasePosition } from '@/lib/client/queries/verification-case';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import { caseDay, sceneLink, spotView } from '@/lib/shared/verification/case-view';
import classes from './case.module.css';

export function CaseMap({
  detail,
  config,
  height,
  markers,
  onMapClick,
}: {
  detail: CaseDetail;
  config: MapClientConfig;
  height: number;
  /** The field photos' positions and where I tapped (issue 34.1). */
  markers?: MapMarker[];
  /** Where the user taps on the map (to mark where they stand). */
  onMapClick?: (point: [number, number]) => void;
}) {
  const t = useTranslations('VerifyCase.map');
  const position = useCasePosition(detail.id);
  const county = useRegionGeometry(detail.xzqdm, 'hi');
  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (county.data) layers.push({ id: 'county', data: county.data, emphasis: 'context', interactive: false });
    if (position.data)
      layers.push({
        id: 'spot',
        data: { type: 'Feature', id: detail.id, properties: { name: detail.spotNo }, geometry: position.data.geometry },
        emphasis: 'primary',
      });
    return layers;
  }, [county.data, position.data, detail.id, detail.spotNo]);
  const view: BBox = useMemo(() => spotView(detail.bbox), [detail.bbox]);
  const headingId = `case-map-${detail.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb={4}>
        {t('title')}
      </Title>
      <div data-testid="case-map" data-spot-loaded={position.data ? 'true' : 'false'}>
        <MapView
          config={config}
          label={t('label', { spotNo: detail.spotNo })}
          fitBounds={view}
          outlines={outlines}
          height={height}
          markers={markers}
          onMapClick={onMapClick}
        />
      </div>
      <Text size="xs" c="gray.7" mt={4} role={position.isError ? 'alert' : undefined}>
        {position.isError ? t('failed') : position.isPending ? t('loading') : t('legend')}
      </Text>
    </section>
  );
}

function SceneCard({ detail, which }: { detail: CaseDetail; which: 'before' | 'after' }) {
  const t = useTranslations('VerifyCase.scenes');
  const format = useFormatter();
  const scene = detail[which];
  const date = which === 'before' ? detail.beforeDate : detail.afterDate;
  const label = t(which);
  return (
    <Paper withBorder p="xs" component="figure" className={classes.scene} data-testid={`scene-${which}`}>
      <Text fw={600} size="sm" component="figcaption">
        {label}
      </Text>
      {date ? (
        <Text size="xs" c="gray.7">
          {t('date', { date: format.dateTime(caseDay(date), 'day') })}
        </Text>
      ) : null}
      {scene ? (
        <>
          {/* eslint-disable-next-line @next/next/no-img-element -- generated per scene by the catalogue's API, not a static asset */}
          <img
            className={classes.quicklook}
            src={scene.quicklook}
            alt={t('alt', {
              which: label,
              satellite: scene.satellite,
              sensor: scene.sensor,
              date: format.dateTime(new Date(scene.acquiredAt), 'day'),
            })}
            loading="lazy"
            decoding="async"
          />
          <Text size="xs">{t('acquired', { date: format.dateTime(new Date(scene.acquiredAt), 'moment') })}</Text>
          <Text size="xs">
            {t('satellite', {
              satellite: scene.satellite,
              sensor: scene.sensor,
              resolution: format.number(scene.resolutionM, { maximumFractionDigits: 1 }),
            })}
          </Text>
          <Text size="xs">
            {scene.cloudPct === null
              ? t('cloudUnknown')
              : t('cloud', { value: format.number(scene.cloudPct, { maximumFractionDigits: 1 }) })}
          </Text>
          <Anchor component={Link} href={sceneLink(scene, detail.xzqdm)} size="xs" data-testid={`scene-${which}-open`}>
            {t('open', { which: label })}
          </Anchor>
        </>
      ) : (
        <Text size="xs" c="gray.7">
          {t('none')}
        </Text>
      )}
    </Paper>
  );
}

export function CaseScenes({ detail }: { detail: CaseDetail }) {
  const t = useTranslations('VerifyCase.scenes');
  const headingId = `case-scenes-${detail.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb={4}>
        {t('title')}
      </Title>
      {/* Side by side even on a phone: the point is to compare the two. */}
      <SimpleGrid cols={2} spacing="xs">
        <SceneCard detail={detail} which="before" />
        <SceneCard detail={detail} which="after" />
      </SimpleGrid>
    </section>
  );
}

export function CaseAreas({ detail }: { detail: CaseDetail }) {
  const t = useTranslations('VerifyCase.areas');
  const format = useFormatter();
  const rows: { key: 'total' | 'farmland' | 'basicFarmland' | 'ecoRedline'; m2: number }[] = [
    { key: 'total', m2: detail.areaM2 },
    { key: 'farmland', m2: detail.farmlandM2 },
    { key: 'basicFarmland', m2: detail.basicFarmlandM2 },
    { key: 'ecoRedline', m2: detail.ecoRedlineM2 },
  ];
  const headingId = `case-areas-${detail.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb={4}>
        {t('title')}
      </Title>
      <dl className={classes.figures} data-testid="case-areas">
        {rows.map((row) => (
          <div key={row.key} className={classes.figure} data-area={row.key}>
            <dt>{t(row.key)}</dt>
            <dd>
              {t('value', {
                ha: format.number(row.m2 / 10_000, { maximumFractionDigits: 2 }),
                m2: format.number(row.m2, { maximumFractionDigits: 0 }),
              })}
              {row.key !== 'total' && detail.areaM2 > 0 && row.m2 > 0 ? (
                <Text span size="xs" c="gray.7">
                  {' · '}
                  {t('share', { share: format.number((100 * row.m2) / detail.areaM2, { maximumFractionDigits: 1 }) })}
                </Text>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
