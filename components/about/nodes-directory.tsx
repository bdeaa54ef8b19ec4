'use client';

import { Anchor, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { LiveSearch, matchesAll, useLiveSearch } from '@/components/ui/live-search';
import { useInteractive } from '@/lib/client/hooks/use-interactive';
import { MapView, type BBox, type MapMarker } from '@/components/map';
import type { ProvincialNode } from '@/lib/shared/contracts/nodes';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { DIVISIONS, divisionOf, type Division } from '@/lib/shared/regions/divisions';
import classes from './nodes.module.css';
import { scrollBehavior } from '@/lib/client/motion';

/** Mainland China, for the map when every node is shown. */
const CHINA_BBOX: BBox = [73.5, 18, 135, 53.6];
const PAD_DEGREES = 2;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function boundsOf(nodes: ProvincialNode[]): BBox {
  if (nodes.length === 0) return CHINA_BBOX;
  const lons = nodes.map((n) => n.position[0]);
  const lats = nodes.map((n) => n.position[1]);
  return [
    Math.min(...lons) - PAD_DEGREES,
    Math.min(...lats) - PAD_DEGREES,
    Math.max(...lons) + PAD_DEGREES,
    Math.max(...lats) + PAD_DEGREES,
  ];
}

/**
 * The provincial nodes: a search that filters as you type, the nodes on the map (markers with their
 * contacts) and a table per geographic division. The table is server-rendered in full, so the page
 * works without JavaScript; the search box and the map appear once it runs.
 */
export function NodesDirectory({ nodes, config }: { nodes: ProvincialNode[]; config: MapClientConfig }) {
  const t = useTranslations('Nodes');
  const colon = t('colon');
  const { query, setQuery, needles, searched } = useLiveSearch();
  const interactive = useInteractive();
  const [selected, setSelected] = useState<string | null>(null);
  const mapRef = useRef<HTMLDivElement>(null);

  const visible = useMemo(
    () =>
      nodes.filter((node) => {
        const division = divisionOf(node.provinceCode);
        const haystack = [
          node.name,
          node.provinceName,
          node.provinceCode,
          node.host,
          node.address,
          node.email,
          division ? t(`divisions.${division}`) : '',
        ].join('\n');
        return matchesAll(needles, haystack);
      }),
    [nodes, needles, t],
  );
  const visibleIds = useMemo(() => new Set(visible.map((n) => n.id)), [visible]);

  const markers = useMemo<MapMarker[]>(
    () =>
      visible.map((node) => ({
        id: node.id,
        position: node.position,
        label: node.name,
        popup: {
          title: node.name,
          rows: [
            { label: t('host'), value: node.host },
            { label: t('address'), value: node.address },
            { label: t('phone'), value: node.phone, href: telHref(node.phone) },
            { label: t('email'), value: node.email, href: `mailto:${node.email}` },
            ...(node.website ? [{ label: t('website'), value: node.website, ...(node.demo ? {} : { href: node.website }) }] : []),
            { label: t('hours'), value: node.serviceHours },
          ],
          note: node.demo ? t('demoNotice') : undefined,
        },
      })),
    [visible, t],
  );
  const bounds = useMemo(() => (needles.length ? boundsOf(visible) : CHINA_BBOX), [needles.length, visible]);

  const byDivision = useMemo(() => {
    const groups = new Map<Division, ProvincialNode[]>(DIVISIONS.map((d) => [d, []]));
    for (const node of nodes) groups.get(divisionOf(node.provinceCode) ?? 'north')!.push(node);
    return [...groups].filter(([, list]) => list.length > 0);
  }, [nodes]);

  const showOnMap = (id: string) => {
    setSelected(id);
    mapRef.current?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  };

  return (
    <Stack gap="lg">
      <LiveSearch
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        query={query}
        onQueryChange={setQuery}
        maxWidth={420}
        testId="nodes-count"
        searched={searched}
        total={nodes.length}
        found={visible.length}
        statusText={(key, values) => t(key, values)}
      />

      <Paper withBorder radius="md" ref={mapRef} className={classes.map}>
        <MapView
          config={config}
          label={t('mapLabel')}
          markers={markers}
          selectedMarkerId={selected && visibleIds.has(selected) ? selected : null}
          onSelectMarker={setSelected}
          fitBounds={bounds}
          height={440}
        />
      </Paper>
      <Text size="sm" c="gray.7" mt={-8}>
        {t('mapHint')}
      </Text>

      {byDivision.map(([division, list]) => {
        const shown = list.filter((n) => visibleIds.has(n.id));
        return (
          <section key={division} aria-labelledby={`division-${division}`} hidden={shown.length === 0}>
            <Title order={2} size="h3" id={`division-${division}`} mb="xs">
              {t(`divisions.${division}`)}
            </Title>
            <Table className={classes.table} layout="fixed" verticalSpacing="sm" withTableBorder data-testid={`division-${division}`}>
              <colgroup>
                <col className={classes.colNode} />
                <col className={classes.colAddress} />
                <col className={classes.colContacts} />
                <col className={classes.colHours} />
                {interactive && <col className={classes.colAction} />}
              </colgroup>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('node')}</Table.Th>
                  <Table.Th scope="col">{t('address')}</Table.Th>
                  <Table.Th scope="col">{t('contacts')}</Table.Th>
                  <Table.Th scope="col">{t('hours')}</Table.Th>
                  {interactive && (
                    <Table.Th scope="col">
                      <span className={classes.srOnly}>{t('showOnMap')}</span>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((node) => (
                  <Table.Tr
                    key={node.id}
                    hidden={!visibleIds.has(node.id)}
                    data-selected={selected === node.id || undefined}
                    data-testid="node-row"
                  >
                    <Table.Th scope="row" data-label={t('node')} className={classes.nodeCell}>
                      <Text fw={600} component="span" display="block">
                        {node.name}
                        {node.demo && (
                          <Badge variant="outline" color="gray" size="xs" ml={6} style={{ verticalAlign: 'middle' }}>
                            {t('demo')}
                          </Badge>
                        )}
                      </Text>
                      <Text size="sm" c="gray.7" component="span" display="block" fw={400}>
                        {t('host')}
                        {colon}
                        {node.host}
                      </Text>
                    </Table.Th>
                    <Table.Td data-label={t('address')}>{node.address}</Table.Td>
                    <Table.Td data-label={t('contacts')}>
                      <span className={classes.contact}>
                        {t('phone')}
                        {colon}
                        <Anchor href={telHref(node.phone)} fz="inherit">
                          {node.phone}
                        </Anchor>
                      </span>
                      <span className={classes.contact}>
                        {t('email')}
                        {colon}
                        <Anchor href={`mailto:${node.email}`} fz="inherit">
                          {node.email}
                        </Anchor>
                      </span>
                      {node.website && (
                        <span className={classes.contact}>
                          {t('website')}
                          {colon}
                          {node.demo ? (
                            node.website
                          ) : (
                            <Anchor href={node.website} fz="inherit">
                              {node.website}
                            </Anchor>
                          )}
                        </span>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('hours')}>{node.serviceHours}</Table.Td>
                    {interactive && (
                      <Table.Td>
                        <Button
                          variant="light"
                          size="compact-sm"
                          onClick={() => showOnMap(node.id)}
                          aria-label={t('showOnMapLabel', { name: node.name })}
                        >
                          {t('showOnMap')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        );
      })}
    </Stack>
  );
}
