import { Badge, Group, Paper, Text, Title } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import { AnchorLink } from '@/components/ui/anchor-link';
import type { SatelliteSummary } from '@/lib/shared/contracts/satellites';
import { satellitePath } from '@/lib/shared/satellites/model';
import { trimNumber } from './format';
import classes from './satellites.module.css';
import { StatusBadge } from './status-badge';

/** A satellite in an index: its name linking to its page, and the key figures. */
export function SatelliteCard({ satellite }: { satellite: SatelliteSummary }) {
  const t = useTranslations('Satellites');
  const none = t('notPublished');
  const figures = [
    {
      label: t('bestResolution'),
      value: satellite.bestResolutionM !== null ? t('meters', { value: trimNumber(satellite.bestResolutionM) }) : none,
    },
    { label: t('maxSwath'), value: satellite.maxSwathKm !== null ? t('kilometers', { value: trimNumber(satellite.maxSwathKm, 1) }) : none },
    {
      label: t('firstLaunch'),
      value: satellite.firstLaunchYear !== null ? t('yearValue', { year: String(satellite.firstLaunchYear) }) : none,
    },
    {
      label: t('spacecraftCount'),
      value:
        satellite.fleetActiveCount !== null
          ? t('fleetValue', { count: satellite.fleetActiveCount })
          : t('spacecraftValue', { total: satellite.spacecraft, active: satellite.activeSpacecraft }),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="article" className={classes.card}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={3} size="h4">
          <AnchorLink href={satellitePath(satellite.area, satellite.slug)} c="inherit">
            {satellite.name}
          </AnchorLink>
        </Title>
        <Badge variant="light" style={{ flexShrink: 0 }}>
          {t(`group.${satellite.group}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {satellite.shortName} · {satellite.countries.map((c) => t(`country.${c as 'CN'}`)).join(' / ')}
      </Text>
      <StatusBadge status={satellite.status} />
      <dl className={classes.cardFigures}>
        {figures.map((f) => (
          <div key={f.label} style={{ display: 'contents' }}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
