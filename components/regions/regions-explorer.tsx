'use client';

import {
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { MapView } from '@/components/map';
import type { OutlineLayer, WmsLayer } from '@/components/map/types';
import { useRegion, useRegionChildren, useRegionGeometry } from '@/lib/client/queries/regions';
import type { RegionLod } from '@/lib/shared/contracts/regions';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { RegionPicker } from './region-picker';

/** The outline detail a level needs: a province's outline is large, a county's small. */
const LOD_BY_LEVEL: Record<string, RegionLod> = { country: 'lo', province: 'mid', city: 'hi', county: 'hi' };

interface RegionsExplorerProps {
  config: MapClientConfig;
  /** Region from the page's `?region=` parameter. */
  initialCode: string | null;
}

function absolute(base: string): string {
  return /^https?:\/\//.test(base) || typeof window === 'undefined' ? base : `${window.location.origin}${base}`;
}

/** Regions of China on a map: pick one, see its outline, facts and how to use it in GIS software. */
export function RegionsExplorer({ config, initialCode }: RegionsExplorerProps) {
  const t = useTranslations('RegionsPage');
  const locale = useLocale();
  const [code, setCode] = useState<string | null>(initialCode);
  const focus = code ?? COUNTRY_CODE;
  const region = useRegion(focus);
  const children = useRegionChildren(focus);
  const lod = LOD_BY_LEVEL[region.data?.level ?? 'country'] ?? 'lo';
  const outline = useRegionGeometry(code, lod);

  const select = useCallback((next: string | null) => {
    setCode(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('region', next);
    else url.searchParams.delete('region');
    window.history.replaceState(window.history.state, '', url);
  }, []);

  const outlines = useMemo<OutlineLayer[]>(
    () => (code && outline.data ? [{ id: `region-${code}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [code, outline.data],
  );
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [
      {
        id: 'children',
        title: t('childrenLayer'),
        layers: 'cloudPlatform:region',
        cqlFilter: `parent = '${focus}'`,
        featureInfo: true,
      },
    ],
    [focus, t],
  );

  const services = [
    { name: 'WMS', url: `${absolute(config.serviceBase)}/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetCapabilities` },
    { name: 'WFS', url: `${absolute(config.serviceBase)}/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetCapabilities` },
    { name: 'WMTS', url: `${absolute(config.serviceBase)}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities` },
  ];
  const geojsonUrl = `${config.serviceBase}/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&OUTPUTFORMAT=application/json&CQL_FILTER=${encodeURIComponent(`code = '${focus}'`)}`;
  const r = region.data;
  const numberFormat = new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: 0 });

  return (
    <Stack gap="lg">
      <RegionPicker value={code} onChange={(next) => select(next)} label={t('pickerLabel')} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder radius="md" style={{ gridColumn: 'span 2', minWidth: 0, alignSelf: 'start' }} className="regions-map">
          <MapView
            config={config}
            label={t('mapLabel', { name: r?.name ?? '' })}
            outlines={outlines}
            fitBounds={code ? null : (r?.bbox ?? null)}
            wmsLayers={wmsLayers}
            tools={['distance', 'area']}
            height={520}
          />
        </Paper>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="region-facts-title" aria-busy={region.isPending}>
            <Title order={2} size="h4" id="region-facts-title" mb="sm">
              {t('factsTitle')}
            </Title>
            {region.isPending ? (
              <Stack gap="xs" aria-label={t('loading')}>
                <Skeleton h={20} />
                <Skeleton h={20} />
                <Skeleton h={20} />
              </Stack>
            ) : region.isError || !r ? (
              <Stack gap="xs" role="alert">
                <Text c="red.8">{t('loadFailed')}</Text>
                <Button variant="light" size="xs" onClick={() => region.refetch()}>
                  {t('retry')}
                </Button>
              </Stack>
            ) : (
              <Table variant="vertical" layout="fixed" withTableBorder={false} data-testid="region-facts">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={110}>{t('name')}</Table.Th>
                    <Table.Td>
                      <Text fw={600} data-testid="region-name">
                        {r.name}
                      </Text>
                      {locale === 'en' ? <Text size="sm">{r.nameZh}</Text> : r.nameEn && <Text size="sm">{r.nameEn}</Text>}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('code')}</Table.Th>
                    <Table.Td>
                      <Code data-testid="region-code">{r.code}</Code>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('level')}</Table.Th>
                    <Table.Td>
                      <Badge variant="light">{t(`levels.${r.level}`)}</Badge>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('area')}</Table.Th>
                    <Table.Td>{t('areaValue', { value: numberFormat.format(r.areaKm2) })}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('children')}</Table.Th>
                    <Table.Td>{children.data ? t('childrenValue', { count: children.data.length }) : '…'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('extent')}</Table.Th>
                    <Table.Td>
                      <Text size="sm">
                        {t('extentValue', {
                          w: r.bbox[0].toFixed(2),
                          s: r.bbox[1].toFixed(2),
                          e: r.bbox[2].toFixed(2),
                          n: r.bbox[3].toFixed(2),
                        })}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
            {r?.parentRegionId && (
              <Button
                variant="subtle"
                size="compact-sm"
                mt="xs"
                onClick={() => select(r.parentRegionId === COUNTRY_CODE ? null : r.parentRegionId)}
              >
                {t('up')}
              </Button>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="region-services-title">
            <Title order={2} size="h4" id="region-services-title" mb="xs">
              {t('servicesTitle')}
            </Title>
            <Text size="sm" mb="sm">
              {t('servicesIntro')}
            </Text>
            <Stack gap={6}>
              {services.map((s) => (
                <Group key={s.name} gap="xs" wrap="nowrap">
                  <Badge w={64} variant="outline" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
                    {s.name}
                  </Badge>
                  <Anchor href={s.url} size="sm" style={{ overflowWrap: 'anywhere' }} target="_blank" rel="noopener">
                    {t('capabilities')}
                  </Anchor>
                  <CopyButton value={s.url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
                        <Button variant="subtle" size="compact-xs" onClick={copy} aria-label={t('copyUrl', { service: s.name })}>
                          {copied ? t('copied') : t('copy')}
                        </Button>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              ))}
              <Anchor href={geojsonUrl} size="sm" download={`${focus}.geojson`}>
                {t('downloadGeojson', { name: r?.name ?? focus })}
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('attribution')}
      </Text>
    </Stack>
  );
}
