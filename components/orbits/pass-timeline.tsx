'use client';

import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { Prediction } from '@/lib/shared/contracts/orbits';
import { dayTicks, SHARE_CLASSES, SHARE_COLORS, shareColor, timelineRows } from '@/lib/shared/orbits/timeline';
import { formatChinaTime, numberFormat, satelliteLabel, shortChina } from './format';
import classes from './orbits.module.css';

/**
 * A row per satellite, a bar per pass placed by time over the window and coloured by its share of the area
 * (the share is in its name and tooltip too). Each bar is a button: it selects the pass.
 */
export function PassTimeline({
  prediction,
  selectedId,
  onSelect,
}: {
  prediction: Prediction;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations('OrbitalPredict.timeline');
  const locale = useLocale();
  const nf = numberFormat(locale, 1);
  const satellites = useMemo(() => new Map(prediction.satellites.map((s) => [s.norad, s])), [prediction]);
  const rows = useMemo(() => timelineRows(prediction, (s) => s.name), [prediction]);
  const ticks = dayTicks(prediction.window.start, prediction.window.days);

  return (
    <Stack gap={6} data-testid="pass-timeline">
      <Title order={2} size="h6">
        {t('title')}
      </Title>
      <Text size="xs" c="dimmed" id="timeline-help">
        {t('help')}
      </Text>
      <div className={classes.timeline} role="group" aria-label={t('label')} aria-describedby="timeline-help">
        <div className={classes.timelineAxis} aria-hidden="true">
          <span className={classes.timelineLabel} />
          <div className={classes.timelineTrack}>
            {ticks.map((tick, i) => (
              <span key={tick.iso} className={classes.tick} style={{ left: `${tick.pct}%` }} data-last={i === ticks.length - 1 || undefined}>
                {i < ticks.length - 1 && (prediction.window.days <= 7 || i % 2 === 0) ? formatChinaTime(tick.iso).slice(5, 10) : ''}
              </span>
            ))}
          </div>
        </div>
        {rows.map((row) => {
          const satellite = satellites.get(row.norad);
          return (
            <div key={row.norad} className={classes.timelineRow} data-testid="timeline-row" data-norad={row.norad}>
              <span className={classes.timelineLabel} title={satelliteLabel(satellite, row.norad)}>
                {row.label}
              </span>
              <div className={classes.timelineTrack}>
                {ticks.map((tick) => (
                  <span key={tick.iso} className={classes.gridLine} style={{ left: `${tick.pct}%` }} aria-hidden="true" />
                ))}
                {row.bars.map((bar) => {
                  const label = t('bar', { satellite: satelliteLabel(satellite, row.norad), start: shortChina(bar.pass.start), pct: nf.format(bar.pass.sharePct) });
                  const selected = bar.pass.id === selectedId;
                  return (
                    <UnstyledButton
                      key={bar.pass.id}
                      className={classes.bar}
                      style={{ left: `${bar.leftPct}%`, width: `${bar.widthPct}%`, background: shareColor(bar.pass.sharePct) }}
                      aria-label={label}
                      aria-pressed={selected}
                      title={label}
                      data-selected={selected || undefined}
                      data-pass-id={bar.pass.id}
                      data-testid="timeline-bar"
                      onClick={() => onSelect(bar.pass.id)}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <div className={classes.legend} aria-label={t('legend')} role="list">
        <Text span size="xs" fw={600}>
          {t('legend')}:
        </Text>
        {SHARE_COLORS.map((color, i) => {
          const from = i === 0 ? 0 : SHARE_CLASSES[i - 1]!;
          const to = SHARE_CLASSES[i];
          return (
            <span key={color} className={classes.legendItem} role="listitem">
              <span className={classes.swatch} style={{ background: color }} aria-hidden="true" />
              <Text span size="xs">
                {to === undefined ? t('classLast', { from }) : t('class', { from, to })}
              </Text>
            </span>
          );
        })}
      </div>
    </Stack>
  );
}
