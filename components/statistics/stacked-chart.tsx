'use client';

import { useLocale } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface StackSeries {
  key: string;
  name: string;
  color: string;
}

/**
 * Figures stacked per row (a region, or a year; crop areas by crop): recharts, browser only; the table beside it holds the
 * same numbers. Each crop's segment has a thin dark edge, so pale crops (rapeseed, cotton) stay visible.
 */
export function StackedBarChart({
  data,
  series,
  label,
  vertical,
}: {
  data: Record<string, string | number>[];
  series: StackSeries[];
  label: string;
  /** Regions as rows (horizontal bars) rather than years as columns. */
  vertical: boolean;
}) {
  const height = vertical ? Math.max(200, data.length * 28 + 70) : 300;
  const locale = useLocale();
  // Hectares on the value axis read "600万" / "6M", not 6000000; the tooltip and table give the exact figures.
  const compact = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { notation: 'compact', maximumFractionDigits: 1 });
  const tickFormatter = (value: number) => compact.format(value);
  const exact = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB');
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={vertical ? 'vertical' : 'horizontal'} margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={!vertical} vertical={vertical} />
          {vertical ? (
            <>
              <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={tickFormatter} />
              <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11 }} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey="name" tick={{ fontSize: 11 }} />
              <YAxis tick={{ fontSize: 11 }} width={64} tickFormatter={tickFormatter} />
            </>
          )}
          <Tooltip formatter={(value) => (typeof value === 'number' ? exact.format(value) : value)} />
          {/* Legend text in the body colour: a pale crop's name would be unreadable in its own colour. */}
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value: string) => <span style={{ color: 'var(--mantine-color-text)' }}>{value}</span>}
          />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="crops"
              fill={s.color}
              stroke="#343a40"
              strokeWidth={0.5}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
