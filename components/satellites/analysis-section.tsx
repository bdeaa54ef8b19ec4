import { Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import { DataTable } from '@/components/ui/data-table';
import { TableScroll } from '@/components/ui/table-scroll';
import { useTranslations } from 'next-intl';
import type { AnalysisChart } from '@/lib/shared/contracts/satellites';
import { AnalysisChartLazy } from './analysis-chart-lazy';
import { trimNumber } from './format';
import classes from './satellites.module.css';

/** One chart with its explanation and, for every reader, its data as a table in the server HTML. */
export function AnalysisSection({ chart }: { chart: AnalysisChart }) {
  const t = useTranslations('SatelliteAnalysis');
  const headingId = `chart-${chart.id}`;
  return (
    <section aria-labelledby={headingId} data-testid={`analysis-${chart.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {chart.title}
        </Title>
        <Text maw={880}>{chart.explanation}</Text>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <figure style={{ margin: 0 }} aria-label={t('chartLabel', { title: chart.title })}>
            <AnalysisChartLazy chart={chart} />
          </figure>
        </Paper>
        <TableScroll
          minWidth={chart.kind === 'scatter' ? 560 : Math.min(420 + chart.series.length * 120, 720)}
          maxHeight={420}
          label={t('table', { title: chart.title })}
        >
          <DataTable striped spacing={4} stickyHeader>
            <caption className={classes.tableCaption}>{t('table', { title: chart.title })}</caption>
            {chart.kind === 'scatter' ? <ScatterRows chart={chart} /> : <CategoryRows chart={chart} />}
          </DataTable>
        </TableScroll>
      </Stack>
    </section>
  );
}

function CategoryRows({ chart }: { chart: AnalysisChart }) {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">{chart.xLabel}</th>
          {chart.series.map((s) => (
            <th scope="col" key={s.key} style={{ textAlign: 'right' }}>
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" style={{ fontWeight: 500 }}>
              {row.label}
            </th>
            {chart.series.map((s) => (
              <td key={s.key} style={{ textAlign: 'right' }}>
                {row.values[s.key] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

function ScatterRows({ chart }: { chart: AnalysisChart }) {
  const t = useTranslations('SatelliteAnalysis');
  const series = new Map(chart.series.map((s) => [s.key, s.label]));
  return (
    <>
      <thead>
        <tr>
          <th scope="col">{t('scatterColumns.sensor')}</th>
          <th scope="col">{t('scatterColumns.area')}</th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('scatterColumns.resolution')}
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('scatterColumns.swath')}
          </th>
        </tr>
      </thead>
      <tbody>
        {chart.points.map((p, i) => (
          <tr key={`${p.label}-${i}`}>
            <th scope="row" style={{ fontWeight: 500 }}>
              {p.label}
            </th>
            <td>{series.get(p.series) ?? p.series}</td>
            <td style={{ textAlign: 'right' }}>{trimNumber(p.x)}</td>
            <td style={{ textAlign: 'right' }}>{trimNumber(p.y, 1)}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}
