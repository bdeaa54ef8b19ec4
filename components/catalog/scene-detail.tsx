'use client';

import { Alert, Anchor, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { findCollection } from '@/lib/shared/catalogue/missions';
import type { Scene } from '@/lib/shared/contracts/catalogue';
import classes from './catalog.module.css';
import { SceneCartButton } from '../orders/add-to-cart';
import { DemoBadge } from './demo-badge';
import { ImageryBadge } from './imagery-badge';
import { formatAcquired, formatNumber } from '@/lib/shared/catalogue/scene-format';
import { localQuicklook, Quicklook } from './results-panel';

const dash = '—';

/** Every field of a scene, labelled in the reader's language. */
function metadataRows(scene: Scene, t: ReturnType<typeof useTranslations<'Normal'>>, locale: string): [string, string][] {
  const n = (v: number | null, digits = 2, unit = '') => (v === null ? dash : `${formatNumber(v, locale, digits)}${unit}`);
  const mission = findCollection(scene.collection)?.mission;
  const [lon, lat] = scene.centre;
  return [
    [t('field.fileName'), scene.fileName],
    [t('field.id'), scene.id],
    [t('field.satellite'), mission ? `${mission.name[locale === 'en' ? 'en' : 'zh']} (${scene.satellite})` : scene.satellite],
    [t('field.sensor'), scene.sensor],
    [t('field.platform'), scene.platform],
    [t('field.collection'), scene.collection],
    [t('field.acquired'), formatAcquired(scene.acquiredAt)],
    [t('field.productLevel'), scene.productLevel],
    [t('field.resolution'), n(scene.resolutionM, 2, ' m')],
    [t('field.cloud'), scene.cloudPct === null ? t('result.noCloud') : n(scene.cloudPct, 1, '%')],
    [t('field.coverage'), n(scene.coveragePct, 1, '%')],
    [t('field.area'), n(scene.areaKm2, 0, ' km²')],
    [t('field.orbit'), scene.orbitNumber === null ? dash : String(scene.orbitNumber)],
    [t('field.pathRow'), scene.path === null && scene.row === null ? dash : `${scene.path ?? dash} / ${scene.row ?? dash}`],
    [t('field.centre'), `${formatNumber(lon, locale, 4)}, ${formatNumber(lat, locale, 4)}`],
    [t('field.bbox'), scene.bbox.map((v) => formatNumber(v, locale, 4)).join(', ')],
    [t('field.sunElevation'), n(scene.sunElevation, 1, '°')],
    [t('field.sunAzimuth'), n(scene.sunAzimuth, 1, '°')],
    [t('field.offNadir'), n(scene.offNadir, 1, '°')],
    [t('field.size'), n(scene.sizeMb, 1, ' MB')],
    [t('field.online'), scene.online ? t('online.yes') : t('online.no')],
    [t('field.source'), t(`source.${scene.source}`)],
  ];
}

export interface SceneDetailProps {
  scene: Scene | undefined;
  loading: boolean;
  error: Error | null;
  previewOn: boolean;
  onPreview: (on: boolean) => void;
  onBack: () => void;
}

/** One scene: its quick-look, every metadata field, and a switch that lays the quick-look on the map. */
export function SceneDetail({ scene, loading, error, previewOn, onPreview, onBack }: SceneDetailProps) {
  const t = useTranslations('Normal');
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sceneId = scene?.id;
  // Focus follows the user into the panel (and the back button brings it to the list again).
  useEffect(() => {
    if (sceneId) headingRef.current?.focus();
  }, [sceneId]);

  return (
    <Stack gap="sm" data-testid="scene-detail">
      <Button size="xs" variant="subtle" onClick={onBack} style={{ alignSelf: 'flex-start' }} data-testid="scene-back">
        {t('detail.back')}
      </Button>
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('detail.loading')}</Text>
        </Group>
      ) : error || !scene ? (
        <Alert color="red" role="alert">
          {error?.message || t('detail.missing')}
        </Alert>
      ) : (
        <>
          <Title order={2} size="h5" ref={headingRef} tabIndex={-1} className={classes.detailTitle}>
            {scene.fileName}
          </Title>
          {scene.source === 'demo' ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <DemoBadge size="sm" />
              <Text size="xs" c="dimmed">
                {t('detail.demoNote')}
              </Text>
            </Group>
          ) : null}
          {scene.hasImagery ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ImageryBadge size="sm" />
              <Text size="xs" c="dimmed">
                {t('imageryHint')}
              </Text>
            </Group>
          ) : null}
          <Quicklook scene={scene} size={160} />
          <SceneCartButton sceneId={scene.id} />
          <Switch
            label={t('detail.preview')}
            checked={previewOn}
            disabled={!localQuicklook(scene)}
            onChange={(e) => onPreview(e.currentTarget.checked)}
            data-testid="preview-switch"
          />
          {scene.quicklook && !localQuicklook(scene) ? (
            <Anchor href={scene.quicklook} target="_blank" rel="noopener noreferrer" size="xs">
              {t('detail.externalPreview')}
            </Anchor>
          ) : null}
          <dl className={classes.metadata}>
            {metadataRows(scene, t, locale).map(([label, value]) => (
              <div key={label} className={classes.metadataRow}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Stack>
  );
}
