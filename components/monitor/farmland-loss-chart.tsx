'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface LossDatum {
  name: string;
  /** Hectares found in the quarter, per kind group (keys `g0`, `g1`, …). */
  [group: `g${number}`]: number;
  /** Hectares still lost, summed over the quarters so far (found minus rectified). */
  net: number;
}

/**
 * Farmland lost per quarter (bars stacked by group, each group its colour and a hatch-free fill that
 * differs in lightness) and the cumulative loss net of rectification (a dashed line on the same axis).
 */
export function FarmlandLossChart({
  data,
  groups,
  netLabel,
  label,
}: {
  data: LossDatum[];
  groups: readonly { name: string; color: string }[];
  netLabel: string;
  label: string;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 24, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} angle={-30} textAnchor="end" interval={0} height={48} />
          <YAxis tick={{ fontSize: 11 }} width={64} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {groups.map((g, i) => (
            <Bar key={g.name} dataKey={`g${i}`} name={g.name} stackId="found" fill={g.color} isAnimationActive={false} />
          ))}
          <Line
            type="linear"
            dataKey="net"
            name={netLabel}
            stroke="#212529"
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={{ r: 3, fill: '#212529', strokeDasharray: '0' }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
