'use client';

import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Prediction } from '@/lib/shared/contracts/orbits';
import { dayTicks, neighbourBar, SHARE_CLASSES, SHARE_COLORS, shareColor, timelineRows, type TimelineKey } from '@/lib/shared/orbits/timeline';
import { formatChinaTime, numberFormat, satelliteLabel, shortChina } from './format';
import classes from './orbits.module.css';

const KEYS: Readonly<Record<string, TimelineKey>> = { ArrowLeft: 'previous', ArrowRight: 'next', ArrowUp: 'up', ArrowDown: 'down', Home: 'first', End: 'last' };

/**
 * A row per satellite, a bar per pass placed by time over the window and coloured by its share of the area
 * (the share is in its name and tooltip too). Each bar is a button: it selects the pass. The timeline is one
 * tab stop (the selected bar, else the first): arrows move along a row and to the nearest pass of the row
 * above or below, Home and End to a row's ends, Enter or Space selects.
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
  const container = useRef<HTMLDivElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const ids = new Set(prediction.passes.map((p) => p.id));
  const tabStop = [focusedId, selectedId].find((id) => id !== null && ids.has(id)) ?? rows[0]?.bars[0]?.pass.id ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = KEYS[event.key];
    const from = (event.target as HTMLElement).dataset.passId;
    if (!key || !from) return;
    const to = neighbourBar(rows, from, key);
    event.preventDefault();
    if (!to) return;
    setFocusedId(to);
    container.current?.querySelector<HTMLElement>(`[data-pass-id="${CSS.escape(to)}"]`)?.focus();
  };

  return (
    <Stack gap={6} data-testid="pass-timeline">
      <Title order={2} size="h6">
        {t('title')}
      </Title>
      <Text size="xs" c="dimmed" id="timeline-help">
        {t('help')}
      </Text>
      <div ref={container} className={classes.timeline} role="group" aria-label={t('label')} aria-describedby="timeline-help" onKeyDown={onKeyDown}>
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
                  const label = t('bar', {
                    satellite: satelliteLabel(satellite, row.norad),
                    start: shortChina(bar.pass.start),
                    pct: nf.format(bar.pass.sharePct),
                    status: bar.pass.status,
                  });
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
                      data-status={bar.pass.status}
                      data-pass-id={bar.pass.id}
                      data-testid="timeline-bar"
                      tabIndex={bar.pass.id === tabStop ? 0 : -1}
                      onFocus={() => setFocusedId(bar.pass.id)}
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
