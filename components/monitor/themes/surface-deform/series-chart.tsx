'use client';

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface SeriesDatum {
  date: string;
  mm: number;
}

/**
 * A cell's displacement (mm) over time (recharts, browser only, loaded through charts-lazy.tsx): straight
 * segments between the epochs, a zero line; the table beside it carries the same numbers.
 */
export function DeformationSeriesChart({
  data,
  label,
  valueLabel,
  color,
}: {
  data: SeriesDatum[];
  label: string;
  valueLabel: string;
  color: string;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 240 }} data-testid="deform-series-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={40} tickFormatter={(d: string) => d.slice(0, 7)} />
          <YAxis tick={{ fontSize: 11 }} width={48} />
          <ReferenceLine y={0} stroke="#868e96" />
          <Tooltip />
          <Line type="linear" dataKey="mm" name={valueLabel} stroke={color} strokeWidth={1.5} dot={{ r: 1.5 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
