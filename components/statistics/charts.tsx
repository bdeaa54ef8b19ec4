'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarDatum {
  name: string;
  value: number;
}

/** Ranked bars of the statistics module (recharts, browser only; the table beside it carries the same numbers). */
export function RankingBarChart({ data, label, color }: { data: BarDatum[]; label: string; color: string }) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: Math.max(160, data.length * 26 + 40) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip />
          <Bar dataKey="value" name={label} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface TrendDatum {
  name: string;
  count: number;
  area: number;
}

/**
 * Count and area per batch (two axes; the area line is dashed so the lines differ without colour).
 * Straight segments between the quarterly points, each point marked: a smoothed curve would swing past
 * the points and show values between quarters that were never measured.
 */
export function TrendLineChart({
  data,
  label,
  countLabel,
  areaLabel,
}: {
  data: TrendDatum[];
  label: string;
  countLabel: string;
  areaLabel: string;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 24, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} angle={-30} textAnchor="end" interval={0} height={48} />
          {/* Each axis names what it measures, and the legend tells the lines apart by colour and dash. */}
          <YAxis
            yAxisId="count"
            tick={{ fontSize: 11 }}
            width={56}
            label={{ value: countLabel, angle: -90, position: 'insideLeft', style: { fontSize: 11, textAnchor: 'middle' } }}
          />
          <YAxis
            yAxisId="area"
            orientation="right"
            tick={{ fontSize: 11 }}
            width={64}
            label={{ value: areaLabel, angle: 90, position: 'insideRight', style: { fontSize: 11, textAnchor: 'middle' } }}
          />
          <Tooltip />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="count"
            type="linear"
            dataKey="count"
            name={countLabel}
            stroke="#2b8a3e"
            strokeWidth={2}
            dot={{ r: 3, fill: '#2b8a3e' }}
            isAnimationActive={false}
          />
          <Line
            yAxisId="area"
            type="linear"
            dataKey="area"
            name={areaLabel}
            stroke="#1b5fc9"
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={{ r: 3, fill: '#1b5fc9', strokeDasharray: '0' }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
