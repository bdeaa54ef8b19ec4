'use client';

/**
 * Field routes (issue 34.4, spotAuto): a checker picks one of their counties, optionally starts from their own
 * position, and gets the visiting order of the spots waiting to be checked there — numbered markers joined by the
 * route's line on the map, the distance of each leg and in all (straight lines: said on the panel), and the route
 * as GPX or KML for a navigation app. The ordering is the server's (lib/shared/verification/field-route.ts).
 */
import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type BBox, type LineLayer, type MapClientConfig, type MapMarker } from '@/components/map';
import { Link } from '@/i18n/navigation';
import { useFieldRoute } from '@/lib/client/queries/verification';
import type { FieldRoute, FieldRouteQuery } from '@/lib/shared/contracts/verification';
import { formatDistance } from '@/lib/shared/map/measure';
import { levelOfCode } from '@/lib/shared/regions/codes';
import { caseHref } from './parts';
import type { VerifyRole } from './roles';

const MAP_HEIGHT = 420;
const FILE_PATH = '/api/process-spot-bjhs/v1/process/field-route/download';
/** How long to wait for the device's position before starting from the first spot. */
const POSITION_TIMEOUT_MS = 10_000;

function readPosition(): Promise<[number, number] | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve([Math.round(p.coords.longitude * 1e6) / 1e6, Math.round(p.coords.latitude * 1e6) / 1e6]),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

function boxOf(route: FieldRoute): BBox | null {
  const points = [...(route.fromPosition ? [route.start] : []), ...route.stops.map((s) => s.position)];
  if (!points.length) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.01;
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

function RouteResult({ route, query, config }: { route: FieldRoute; query: FieldRouteQuery; config: MapClientConfig }) {
  const t = useTranslations('VerifyRoute');
  const locale = useLocale();
  const distance = (m: number) => formatDistance(m, locale);
  const markers = useMemo<MapMarker[]>(
    () =>
      route.stops.map((s, i) => ({
        id: s.id,
        position: s.position,
        badge: String(i + 1),
        label: t('marker', { n: i + 1, spotNo: s.spotNo }),
        popup: {
          title: t('marker', { n: i + 1, spotNo: s.spotNo }),
          rows: [
            { label: t('markerStage'), value: s.statusName },
            { label: t('markerLeg'), value: distance(s.legM) },
          ],
        },
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `distance` and `t` follow the locale
    [route, locale],
  );
  const lines = useMemo<LineLayer[]>(
    () => [
      {
        id: 'field-route',
        color: '#1864ab',
        weight: 3,
        lines: [
          {
            id: 'route',
            parts: [[...(route.fromPosition ? [route.start] : []), ...route.stops.map((s) => s.position)]],
          },
        ],
      },
    ],
    [route],
  );
  const fit = useMemo(() => boxOf(route), [route]);
  const fileHref = (format: 'gpx' | 'kml') => {
    const params = new URLSearchParams({ format, county: query.county, lang: locale });
    if (query.lon !== undefined && query.lat !== undefined) {
      params.set('lon', String(query.lon));
      params.set('lat', String(query.lat));
    }
    return `${FILE_PATH}?${params.toString()}`;
  };
  if (route.stops.length === 0)
    return (
      <Text size="sm" data-testid="route-empty">
        {t('empty')}
      </Text>
    );
  const saved = route.nearestNeighbourM > 0 ? (100 * (route.nearestNeighbourM - route.totalM)) / route.nearestNeighbourM : 0;
  return (
    <Stack gap="xs" data-testid="route-result" data-stops={route.stops.length} data-total={route.totalM}>
      <Text size="sm" fw={600} data-testid="route-summary">
        {t('summary', { count: route.stops.length, total: distance(route.totalM) })}
        {saved >= 0.1 ? ` · ${t('improved', { share: saved.toFixed(1) })}` : ''}
      </Text>
      {route.capped ? (
        <Text size="xs" c="orange.9">
          {t('capped')}
        </Text>
      ) : null}
      <div data-testid="route-map">
        <MapView
          config={config}
          label={t('mapLabel', { county: route.county.name })}
          fitBounds={fit}
          markers={markers}
          lines={lines}
          height={MAP_HEIGHT}
        />
      </div>
      <Group gap="sm">
        <Anchor href={fileHref('gpx')} download data-testid="route-gpx">
          {t('gpx')}
        </Anchor>
        <Anchor href={fileHref('kml')} download data-testid="route-kml">
          {t('kml')}
        </Anchor>
        <Text size="xs" c="gray.7">
          {t('filesNote')}
        </Text>
      </Group>
      <Title order={3} size="h6">
        {t('stops')}
      </Title>
      {route.fromPosition ? <Text size="sm">{t('start')}</Text> : null}
      <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }} data-testid="route-stops">
        {route.stops.map((s, i) => (
          <li key={s.id} data-case-id={s.id}>
            <Anchor component={Link} href={caseHref(s.id)} size="sm" aria-label={t('openCase', { spotNo: s.spotNo })}>
              {i === 0 && !route.fromPosition
                ? t('legFirst', { n: i + 1, spotNo: s.spotNo, stage: s.statusName })
                : t('leg', { n: i + 1, spotNo: s.spotNo, stage: s.statusName, distance: distance(s.legM) })}
            </Anchor>
          </li>
        ))}
      </ol>
    </Stack>
  );
}

export function FieldRoutePanel({ roles, config }: { roles: readonly VerifyRole[]; config: MapClientConfig }) {
  const t = useTranslations('VerifyRoute');
  const counties = useMemo(
    () =>
      roles
        .filter((r) => r.role === 'checker' && levelOfCode(r.regionCode) === 'county')
        .map((r) => ({ value: r.regionCode, label: r.regionName })),
    [roles],
  );
  const [county, setCounty] = useState<string | null>(counties[0]?.value ?? null);
  const [fromHere, setFromHere] = useState(false);
  const [locating, setLocating] = useState(false);
  const [noPosition, setNoPosition] = useState(false);
  const [query, setQuery] = useState<FieldRouteQuery | null>(null);
  const route = useFieldRoute(query);
  if (counties.length === 0) return null;

  const order = async () => {
    if (!county) return;
    setNoPosition(false);
    if (!fromHere) return setQuery({ county });
    setLocating(true);
    const position = await readPosition();
    setLocating(false);
    if (!position) setNoPosition(true);
    setQuery(position ? { county, lon: position[0], lat: position[1] } : { county });
  };
  const headingId = 'field-route-title';
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid="field-route">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('county')}
            data={counties}
            value={county}
            onChange={setCounty}
            allowDeselect={false}
            w={220}
            data-testid="route-county"
          />
          <Checkbox
            label={t('usePosition')}
            description={t('positionHint')}
            checked={fromHere}
            onChange={(e) => setFromHere(e.currentTarget.checked)}
            data-testid="route-from-here"
          />
          <Button onClick={() => void order()} loading={locating || route.isFetching} data-testid="route-order">
            {t('order')}
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {noPosition ? (
            <Text size="sm" c="orange.9">
              {t('positionFailed')}
            </Text>
          ) : null}
          {route.isFetching && !route.data ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('loading')}</Text>
            </Group>
          ) : null}
        </div>
        {route.isError ? (
          <Alert color="red" variant="light" title={t('failed')} data-testid="route-failed">
            {route.error.message}
          </Alert>
        ) : null}
        {route.data && query ? <RouteResult route={route.data} query={query} config={config} /> : null}
      </Stack>
    </Paper>
  );
}
