import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import { DataTable } from '@/components/ui/data-table';
import { TableScroll } from '@/components/ui/table-scroll';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/anchor-link';
import { Link } from '@/i18n/navigation';
import type { SatelliteDetail, SatelliteMember } from '@/lib/shared/contracts/satellites';
import { areaPath, includes, TYPICAL_IMAGE_SLUGS, typicalImagePath } from '@/lib/shared/satellites/model';
import { FactList } from './fact-list';
import { trimNumber } from './format';
import classes from './satellites.module.css';
import { StatusBadge } from './status-badge';
import plain from '@/components/ui/plain.module.css';

/** One satellite page: overview, description, orbit, sensors, spacecraft and sources. */
/** Sensor table columns after the sensor itself (also the labels of the stacked phone layout). */
const sensorColumns = ['kind', 'bands', 'resolution', 'swath', 'offNadir'] as const;

export function SatellitePage({ satellite, listTitle }: { satellite: SatelliteDetail; listTitle: string }) {
  const t = useTranslations('Satellites');
  const none = t('notPublished');
  const km = (value: number | null, digits = 1) => (value === null ? none : t('kilometers', { value: trimNumber(value, digits) }));
  const text = (value: string | null) => value ?? none;
  const countries = satellite.countries.map((c) => t(`country.${c as 'CN'}`)).join(' / ');

  const overview = [
    { label: t('facts.country'), value: countries },
    { label: t('facts.agency'), value: text(satellite.agency) },
    { label: t('facts.operator'), value: text(satellite.operator) },
    { label: t('facts.operatorType'), value: t(`operatorType.${satellite.operatorType}`) },
    { label: t('facts.group'), value: t(`group.${satellite.group}`) },
    { label: t('facts.status'), value: <StatusBadge status={satellite.status} size="md" /> },
    {
      label: t('facts.firstLaunch'),
      value: satellite.firstLaunchYear !== null ? t('yearValue', { year: String(satellite.firstLaunchYear) }) : none,
    },
    {
      label: t('facts.spacecraft'),
      value:
        satellite.fleet !== null
          ? t('fleetValue', { count: satellite.fleet.activeCount })
          : t('spacecraftValue', { total: satellite.spacecraft, active: satellite.activeSpacecraft }),
    },
    { label: t('facts.revisit'), value: text(satellite.revisit) },
    { label: t('facts.designLife'), value: text(satellite.designLife) },
  ];
  const orbit = [
    { label: t('orbitFacts.type'), value: t(`orbitType.${satellite.orbit.type}`) },
    { label: t('orbitFacts.altitude'), value: km(satellite.orbit.altitudeKm, 0) },
    {
      label: t('orbitFacts.inclination'),
      value: satellite.orbit.inclinationDeg === null ? none : t('degrees', { value: trimNumber(satellite.orbit.inclinationDeg) }),
    },
    { label: t('orbitFacts.localTime'), value: text(satellite.orbit.localTime) },
    {
      label: t('orbitFacts.repeat'),
      value: satellite.orbit.repeatDays === null ? none : t('days', { value: trimNumber(satellite.orbit.repeatDays) }),
    },
  ];
  const typicalSlug = satellite.typicalImages && includes(TYPICAL_IMAGE_SLUGS, satellite.slug) ? satellite.slug : null;

  return (
    <Stack gap="xl" component="article">
      <div>
        <AnchorLink href={areaPath(satellite.area)} size="sm">
          {t('backToList', { list: listTitle })}
        </AnchorLink>
        <Title order={1} mt="xs">
          {satellite.name}
        </Title>
        <Group gap="sm" mt="xs">
          <Text c="dimmed">{satellite.shortName}</Text>
          <Badge variant="light">{t(`group.${satellite.group}`)}</Badge>
          <StatusBadge status={satellite.status} />
        </Group>
      </div>

      <section aria-labelledby="sat-overview">
        <Title order={2} size="h3" id="sat-overview" mb="sm">
          {t('overview')}
        </Title>
        <Paper withBorder radius="md" p="md">
          <FactList facts={overview} />
        </Paper>
        <Text size="xs" c="dimmed" mt="xs">
          {t('statusNote')}
        </Text>
      </section>

      <section aria-labelledby="sat-description">
        <Title order={2} size="h3" id="sat-description" mb="sm">
          {t('description')}
        </Title>
        <Text className={classes.prose}>{satellite.description}</Text>
      </section>

      <section aria-labelledby="sat-orbit">
        <Title order={2} size="h3" id="sat-orbit" mb="sm">
          {t('orbit')}
        </Title>
        <Paper withBorder radius="md" p="md">
          <FactList facts={orbit} />
        </Paper>
      </section>

      <section aria-labelledby="sat-sensors">
        <Title order={2} size="h3" id="sat-sensors" mb="sm">
          {t('sensors')}
        </Title>
        <TableScroll minWidth={880} label={t('tableRegion', { name: t('sensors') })}>
          <DataTable striped spacing="sm" stackOnPhone role="table" aria-labelledby="sat-sensors" data-testid="sensor-table">
            <thead>
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('sensorColumns.sensor')}
                </th>
                {sensorColumns.map((column) => (
                  <th scope="col" role="columnheader" key={column}>
                    {t(`sensorColumns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {satellite.sensors.map((s) => {
                const cells: Record<(typeof sensorColumns)[number], ReactNode> = {
                  kind: t(`kind.${s.kind}`),
                  bands: text(s.bands),
                  resolution: text(s.resolution),
                  swath: s.swath ?? km(s.swathKm),
                  offNadir:
                    s.maxOffNadirDeg === null
                      ? s.kind === 'sar'
                        ? t('offNadir.radar')
                        : none
                      : s.maxOffNadirDeg === 0
                        ? t('offNadir.nadirOnly')
                        : t('offNadir.value', { value: trimNumber(s.maxOffNadirDeg) }),
                };
                return (
                  <tr key={s.code} role="row">
                    <th scope="row" role="rowheader" style={{ fontWeight: 500 }}>
                      <Text fw={600} size="sm">
                        {s.code}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.name}
                      </Text>
                    </th>
                    {sensorColumns.map((column) => (
                      <td role="cell" key={column} data-label={t(`sensorColumns.${column}`)}>
                        {cells[column]}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </TableScroll>
      </section>

      <section aria-labelledby="sat-members">
        <Title order={2} size="h3" id="sat-members" mb="sm">
          {t('members')}
        </Title>
        {satellite.members.length === 0 ? (
          <Text>
            {t('noMembers')} {satellite.fleet?.note}
            {satellite.fleet ? ` (${t('fleetValue', { count: satellite.fleet.activeCount })})` : ''}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm" maw={880}>
              {t('tleNote', { snapshot: satellite.tleSnapshot })}
            </Text>
            <MembersTable members={satellite.members} />
          </>
        )}
      </section>

      {typicalSlug && (
        <div>
          <Link href={typicalImagePath(typicalSlug)} className={`${plain.button} ${plain.light}`}>
            {t('typicalImagesLink', { name: satellite.shortName })}
          </Link>
        </div>
      )}

      <section aria-labelledby="sat-sources">
        <Title order={2} size="h3" id="sat-sources" mb="sm">
          {t('sources')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('sourcesNote')}
        </Text>
        <ol className={classes.sources}>
          {satellite.sources.map((s) => (
            <li key={`${s.title}-${s.url}`}>
              <Anchor href={s.url} target="_blank" rel="noopener noreferrer">
                {s.title}
              </Anchor>
            </li>
          ))}
        </ol>
      </section>
    </Stack>
  );
}

function MembersTable({ members }: { members: SatelliteMember[] }) {
  const t = useTranslations('Satellites');
  const none = t('notPublished');
  const launch = (m: SatelliteMember) =>
    m.launchDate ?? (m.launchYear !== null ? t('launchYearOnly', { year: String(m.launchYear) }) : none);
  return (
    <TableScroll minWidth={900} label={t('tableRegion', { name: t('members') })}>
      <DataTable striped spacing="xs" aria-labelledby="sat-members">
        <thead>
          <tr>
            <th scope="col">{t('memberColumns.name')}</th>
            <th scope="col">{t('memberColumns.norad')}</th>
            <th scope="col">{t('memberColumns.cospar')}</th>
            <th scope="col">{t('memberColumns.launch')}</th>
            <th scope="col">{t('memberColumns.status')}</th>
            <th scope="col">{t('memberColumns.altitude')}</th>
            <th scope="col">{t('memberColumns.perigeeApogee')}</th>
            <th scope="col">{t('memberColumns.inclination')}</th>
            <th scope="col">{t('memberColumns.epoch')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m, i) => (
            <tr key={`${m.name}-${i}`}>
              <th scope="row" style={{ fontWeight: 500 }}>
                {m.name}
              </th>
              <td>{m.norad ?? none}</td>
              <td>{m.cospar ?? none}</td>
              <td>{launch(m)}</td>
              <td>
                {t(`memberStatus.${m.status}`)}
                {m.note && (
                  <Text size="xs" c="dimmed">
                    {m.note}
                  </Text>
                )}
              </td>
              {m.tle ? (
                <>
                  <td>{m.tle.meanAltitudeKm === null ? none : t('kilometers', { value: trimNumber(m.tle.meanAltitudeKm, 1) })}</td>
                  <td>
                    {trimNumber(m.tle.perigeeKm, 1)} / {t('kilometers', { value: trimNumber(m.tle.apogeeKm, 1) })}
                  </td>
                  <td>{t('degrees', { value: trimNumber(m.tle.inclinationDeg) })}</td>
                  <td>
                    <time dateTime={m.tle.epoch}>{m.tle.epoch.slice(0, 16).replace('T', ' ')}</time>
                  </td>
                </>
              ) : (
                <td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t('noTle')}
                  </Text>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableScroll>
  );
}
