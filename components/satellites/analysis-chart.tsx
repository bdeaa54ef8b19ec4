'use client';

import { useMediaQuery } from '@mantine/hooks';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import type { AnalysisChart } from '@/lib/shared/contracts/satellites';
import classes from './satellites.module.css';

/** Series colours, each paired with a fill pattern and a marker so colour is never the only cue. */
const COLORS = ['#1b5fc9', '#c45f00', '#2b8a3e', '#7b3fbf', '#5c6b7a'];
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3', '1 2'];
const SHAPES = ['circle', 'triangle', 'square', 'diamond', 'star'] as const;

function Patterns({ chartId, count }: { chartId: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, i) => (
        <pattern key={i} id={`${chartId}-p${i}`} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform={`rotate(${i * 45})`}>
          <rect width="6" height="6" fill={COLORS[i % COLORS.length]} />
          {i > 0 && <line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" strokeWidth={i === 1 ? 2 : 1.2} />}
        </pattern>
      ))}
    </defs>
  );
}

/** A chart of the analysis pages (recharts, in the browser only; the data table is in the page HTML). */
export function AnalysisChartView({ chart }: { chart: AnalysisChart }) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const data = chart.rows.map((row) => ({ name: row.label, ...row.values }));
  const manyCategories = chart.rows.length > 8;
  const xAxis = (
    <XAxis
      dataKey="name"
      tick={{ fontSize: 12 }}
      interval={manyCategories && narrow ? 'preserveStartEnd' : 0}
      angle={manyCategories || narrow ? -40 : 0}
      textAnchor={manyCategories || narrow ? 'end' : 'middle'}
      height={manyCategories || narrow ? 70 : 36}
    />
  );
  const yAxis = (
    <YAxis
      allowDecimals={false}
      tick={{ fontSize: 12 }}
      width={narrow ? 36 : 56}
      label={
        narrow ? undefined : { value: chart.yLabel, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fontSize: 12 } }
      }
    />
  );
  const margin = { top: 8, right: narrow ? 8 : 24, bottom: 8, left: narrow ? 0 : 8 };

  if (chart.kind === 'scatter') {
    return (
      <div className={classes.chartFrame}>
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={margin}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              name={chart.xLabel}
              scale="log"
              domain={[0.1, 1000]}
              ticks={[0.1, 1, 10, 100, 1000]}
              allowDataOverflow
              tick={{ fontSize: 12 }}
              label={{ value: chart.xLabel, position: 'insideBottom', offset: -4, fontSize: 12 }}
              height={44}
            />
            <YAxis
              type="number"
              dataKey="y"
              name={chart.yLabel}
              scale="log"
              domain={[1, 1000]}
              ticks={[1, 10, 100, 1000]}
              allowDataOverflow
              tick={{ fontSize: 12 }}
              width={narrow ? 40 : 56}
              label={
                narrow
                  ? undefined
                  : { value: chart.yLabel, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fontSize: 12 } }
              }
            />
            <ZAxis range={[70, 70]} />
            <Tooltip
              cursor={{ strokeDasharray: '3 3' }}
              content={({ active, payload }) => {
                const point = active ? (payload?.[0]?.payload as { label: string; x: number; y: number } | undefined) : undefined;
                return point ? (
                  <div style={{ background: '#fff', border: '1px solid #ccd', padding: '4px 8px', fontSize: 12 }}>
                    <strong>{point.label}</strong>
                    <br />
                    {chart.xLabel}: {point.x}
                    <br />
                    {chart.yLabel}: {point.y}
                  </div>
                ) : null;
              }}
            />
            <Legend verticalAlign="top" />
            {chart.series.map((s, i) => (
              <Scatter
                key={s.key}
                name={s.label}
                data={chart.points.filter((p) => p.series === s.key)}
                fill={COLORS[i % COLORS.length]}
                shape={SHAPES[i % SHAPES.length]}
                legendType={SHAPES[i % SHAPES.length]}
              />
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    );
  }

  if (chart.kind === 'line') {
    return (
      <div className={classes.chartFrame}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={margin}>
            <CartesianGrid strokeDasharray="3 3" />
            {xAxis}
            {yAxis}
            <Tooltip />
            <Legend verticalAlign="top" />
            {chart.series.map((s, i) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={COLORS[i % COLORS.length]}
                strokeWidth={2}
                strokeDasharray={DASHES[i % DASHES.length]}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    );
  }

  const stacked = chart.kind === 'stacked-bar';
  return (
    <div className={classes.chartFrame}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={margin}>
          <Patterns chartId={chart.id} count={chart.series.length} />
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {xAxis}
          {yAxis}
          <Tooltip />
          <Legend verticalAlign="top" />
          {chart.series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId={stacked ? 'stack' : undefined}
              fill={`url(#${chart.id}-p${i})`}
              stroke={COLORS[i % COLORS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
