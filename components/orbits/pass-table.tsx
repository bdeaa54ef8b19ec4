'use client';

import { Table, Title, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { PASS_SORTS, Prediction } from '@/lib/shared/contracts/orbits';
import { numberFormat, satelliteLabel, shortChina, shortUtc } from './format';
import classes from './orbits.module.css';
import { usePassStatusText } from './use-pass-status';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';

type Sort = (typeof PASS_SORTS)[number];

/**
 * The passes in the order the API sorted them (by time or by coverage); a row's button selects its pass. Every pass
 * is listed; beside its share, a column says whether it counts toward the coverage, and why not (rows not counted
 * are faded) — where a narrow screen still shows it without scrolling sideways.
 */
export function PassTable({
  prediction,
  selectedId,
  onSelect,
  sort,
  onSort,
}: {
  prediction: Prediction;
  selectedId: string | null;
  onSelect: (id: string) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const t = useTranslations('OrbitalPredict.table');
  const tw = useTranslations('OrbitalPredict.words');
  const locale = useLocale();
  const nf1 = numberFormat(locale, 1);
  const nf2 = numberFormat(locale, 2);
  const satellites = useMemo(() => new Map(prediction.satellites.map((s) => [s.norad, s])), [prediction]);
  const uncertainty = useUncertaintyText();
  const statusText = usePassStatusText(prediction);

  const sortHeader = (key: Sort, label: string) => (
    <Table.Th scope="col" aria-sort={sort === key ? (key === 'time' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(key)} aria-label={t('sortBy', { column: label })} data-testid={`pass-sort-${key}`}>
        {label} {sort === key ? (key === 'time' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <div>
      <Title order={2} size="h6" mb={4}>
        {t('title')}
      </Title>
      <Table.ScrollContainer minWidth={1040} maxHeight={420}>
        <Table striped highlightOnHover stickyHeader data-testid="pass-table" fz="xs">
          <caption className={classes.caption}>{t('caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('satellite')}</Table.Th>
              {sortHeader('time', `${t('time')} (${t('china')})`)}
              {sortHeader('coverage', t('share'))}
              <Table.Th scope="col">{t('status')}</Table.Th>
              <Table.Th scope="col">{t('uncertainty')}</Table.Th>
              <Table.Th scope="col">{`${t('covered')} (km²)`}</Table.Th>
              <Table.Th scope="col">{t('light')}</Table.Th>
              <Table.Th scope="col">{t('direction')}</Table.Th>
              <Table.Th scope="col">{t('offNadir')}</Table.Th>
              <Table.Th scope="col">{`${t('time')} (${t('utc')})`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prediction.passes.map((p) => {
              const name = satelliteLabel(satellites.get(p.norad), p.norad);
              const selected = p.id === selectedId;
              return (
                <Table.Tr
                  key={p.id}
                  data-selected={selected || undefined}
                  data-status={p.status}
                  className={classes.passRow}
                  data-testid="pass-row"
                  data-pass-id={p.id}
                >
                  <Table.Td>
                    <UnstyledButton
                      className={classes.rowButton}
                      onClick={() => onSelect(p.id)}
                      aria-pressed={selected}
                      aria-label={t('open', { satellite: name, time: shortChina(p.start) })}
                    >
                      {name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {shortChina(p.start)} – {shortChina(p.end).slice(6)}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{`${nf2.format(p.sharePct)} %`}</Table.Td>
                  <Table.Td className={classes.statusCell} data-testid="pass-status">
                    {statusText(p)}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{uncertainty.value(p.uncertaintyKm)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{nf1.format(p.coveredKm2)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{p.daylight ? tw('daylight') : tw('night')}</Table.Td>
                  <Table.Td className={classes.nowrap}>{p.ascending ? tw('ascending') : tw('descending')}</Table.Td>
                  <Table.Td className={classes.nowrap}>{`${nf1.format(p.offNadirDeg)}°`}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {shortUtc(p.start)} – {shortUtc(p.end).slice(6)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
