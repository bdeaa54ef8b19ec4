'use client';
/**
 * A page of verification cases as a table (spotAuto, spotTrack): the spot number linking to its case page, the
 * county, change type and area, the stage (badge with its name) and verdict, the due date, and optional columns
 * the screen adds (a checkbox to select, a button to show it on the map, who holds it).
 */
import { Checkbox, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { TableScroll } from '@/components/ui/table-scroll';
import { formatHectares } from '@/components/monitor/format';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import { CaseLink, DueText, StageBadge } from './parts';

export interface CaseTableProps {
  cases: readonly CaseSummary[];
  /** Id of the table's caption (what the table lists). */
  caption: string;
  /** Selection: the ids checked, which rows may be checked, and the change. */
  selection?: {
    checked: ReadonlySet<string>;
    selectable: (c: CaseSummary) => boolean;
    onChange: (ids: readonly string[], checked: boolean) => void;
  };
  /** The highlighted row (shown on the map). */
  activeId?: string | null;
  /** Extra columns after the due date. */
  extra?: readonly { header: string; cell: (c: CaseSummary) => ReactNode }[];
  minWidth?: number;
  /** The county under the spot number instead of a column of its own (a table beside a map). */
  compact?: boolean;
}

export function CaseTable({ cases, caption, selection, activeId, extra = [], minWidth = 720, compact = false }: CaseTableProps) {
  const t = useTranslations('VerifyList.table');
  const locale = useLocale();
  const selectable = selection ? cases.filter(selection.selectable) : [];
  const allChecked = selection !== undefined && selectable.length > 0 && selectable.every((c) => selection.checked.has(c.id));
  const someChecked = selection !== undefined && selectable.some((c) => selection.checked.has(c.id));
  return (
    <TableScroll minWidth={minWidth} label={caption}>
      <DataTable striped spacing="xs" data-testid="case-table">
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" style={{ width: 36 }}>
                <Checkbox
                  aria-label={t('selectPage')}
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  disabled={selectable.length === 0}
                  onChange={(e) =>
                    selection.onChange(
                      selectable.map((c) => c.id),
                      e.currentTarget.checked,
                    )
                  }
                  data-testid="select-page"
                />
              </th>
            ) : null}
            <th scope="col">{compact ? t('spotCounty') : t('spot')}</th>
            {compact ? null : <th scope="col">{t('county')}</th>}
            <th scope="col">{t('changeArea')}</th>
            <th scope="col">{t('stage')}</th>
            <th scope="col">{t('due')}</th>
            {extra.map((x) => (
              <th scope="col" key={x.header}>
                {x.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => (
            <tr
              key={c.id}
              data-testid="case-row"
              data-case-id={c.id}
              data-stage={c.status}
              data-county={c.xzqdm}
              data-active={c.id === activeId || undefined}
              style={c.id === activeId ? { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: -2 } : undefined}
            >
              {selection ? (
                <td>
                  {selection.selectable(c) ? (
                    <Checkbox
                      aria-label={t('select', { spot: c.spotNo })}
                      checked={selection.checked.has(c.id)}
                      onChange={(e) => selection.onChange([c.id], e.currentTarget.checked)}
                      data-testid="select-case"
                    />
                  ) : null}
                </td>
              ) : null}
              <td>
                <CaseLink c={c} />
                <Text size="xs" c="gray.7">
                  {compact ? `${c.countyName} · ${c.quarter}` : c.quarter}
                </Text>
              </td>
              {compact ? null : <td>{c.countyName}</td>}
              <td>
                {c.changeTypeName}
                <Text size="xs" c="gray.7">
                  {t('hectares', { area: formatHectares(c.areaM2, locale) })}
                </Text>
              </td>
              <td>
                <StageBadge stage={c.status} name={c.statusName} />
                {c.verdictName ? (
                  <Text size="xs" c="gray.7" mt={2}>
                    {c.verdictName}
                  </Text>
                ) : null}
              </td>
              <td>
                <DueText c={c} />
              </td>
              {extra.map((x) => (
                <td key={x.header}>{x.cell(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableScroll>
  );
}
