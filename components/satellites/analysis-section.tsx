import { Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
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
        <TableScroll minWidth={chart.kind === 'scatter' ? 560 : Math.min(420 + chart.series.length * 120, 720)} maxHeight={420}>
          <Table striped withTableBorder verticalSpacing={4} fz="sm" stickyHeader>
            <caption className={classes.tableCaption}>{t('table', { title: chart.title })}</caption>
            {chart.kind === 'scatter' ? <ScatterRows chart={chart} /> : <CategoryRows chart={chart} />}
          </Table>
        </TableScroll>
      </Stack>
    </section>
  );
}

function CategoryRows({ chart }: { chart: AnalysisChart }) {
  return (
    <>
      <TableThead>
        <TableTr>
          <TableTh scope="col">{chart.xLabel}</TableTh>
          {chart.series.map((s) => (
            <TableTh scope="col" key={s.key} ta="right">
              {s.label}
            </TableTh>
          ))}
        </TableTr>
      </TableThead>
      <TableTbody>
        {chart.rows.map((row) => (
          <TableTr key={row.key}>
            <TableTh scope="row" fw={500}>
              {row.label}
            </TableTh>
            {chart.series.map((s) => (
              <TableTd key={s.key} ta="right">
                {row.values[s.key] ?? 0}
              </TableTd>
            ))}
          </TableTr>
        ))}
      </TableTbody>
    </>
  );
}

function ScatterRows({ chart }: { chart: AnalysisChart }) {
  const t = useTranslations('SatelliteAnalysis');
  const series = new Map(chart.series.map((s) => [s.key, s.label]));
  return (
    <>
      <TableThead>
        <TableTr>
          <TableTh scope="col">{t('scatterColumns.sensor')}</TableTh>
          <TableTh scope="col">{t('scatterColumns.area')}</TableTh>
          <TableTh scope="col" ta="right">
            {t('scatterColumns.resolution')}
          </TableTh>
          <TableTh scope="col" ta="right">
            {t('scatterColumns.swath')}
          </TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {chart.points.map((p, i) => (
          <TableTr key={`${p.label}-${i}`}>
            <TableTh scope="row" fw={500}>
              {p.label}
            </TableTh>
            <TableTd>{series.get(p.series) ?? p.series}</TableTd>
            <TableTd ta="right">{trimNumber(p.x)}</TableTd>
            <TableTd ta="right">{trimNumber(p.y, 1)}</TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </>
  );
}
