'use client';

import { useFormatter } from 'next-intl';
import { withQueries } from '@/components/providers/query-boundary';
import { useVisitTotals } from '@/lib/client/queries/visits';
import { FigureCell, FigurePending } from './figure-cell';

export interface VisitLabels {
  today: string;
  total: string;
}

/** The live visit counter (this visit included), in the two cells the server reserved for it. */
function VisitFiguresContent({ labels }: { labels: VisitLabels }) {
  const format = useFormatter();
  const visits = useVisitTotals(30);
  const value = (n: number | undefined) => (visits.isPending ? <FigurePending /> : n === undefined ? '—' : format.number(n));
  return (
    <>
      <FigureCell label={labels.today} testId="visits-today">
        {value(visits.data?.today)}
      </FigureCell>
      <FigureCell label={labels.total} testId="visits-total">
        {value(visits.data?.total)}
      </FigureCell>
    </>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const VisitFigures = withQueries(VisitFiguresContent);
