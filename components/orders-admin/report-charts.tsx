'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface MonthDatum {
  month: string;
  orders: number;
  items: number;
}

/** Orders and ordered scenes per month (two axes; the table under it carries the same numbers). */
export function OrdersPerMonthChart({
  data,
  label,
  ordersLabel,
  itemsLabel,
}: {
  data: MonthDatum[];
  label: string;
  ordersLabel: string;
  itemsLabel: string;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 260 }} data-testid="chart-per-month">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 11 }} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <YAxis yAxisId="items" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name={ordersLabel} fill="#1c7ed6" isAnimationActive={false} />
          <Bar yAxisId="items" dataKey="items" name={itemsLabel} fill="#94d82d" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface SatelliteDatum {
  satellite: string;
  items: number;
}

/** Ordered scenes per satellite, most first. */
export function ItemsPerSatelliteChart({ data, label, itemsLabel }: { data: SatelliteDatum[]; label: string; itemsLabel: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      style={{ width: '100%', height: Math.max(140, data.length * 26 + 40) }}
      data-testid="chart-per-satellite"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="satellite" width={88} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip />
          <Bar dataKey="items" name={itemsLabel} fill="#1c7ed6" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
