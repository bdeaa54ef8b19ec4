'use client';

import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { MAX_SATELLITES } from '@/lib/shared/contracts/orbits';
import type { OrbitMission } from '@/lib/shared/orbits/choices';
import { SATELLITE_GROUPS } from '@/lib/shared/satellites/model';
import classes from './orbits.module.css';

/**
 * Satellites by group (optical, hyperspectral, radar) and satellite page, each page's spacecraft below it:
 * the default (every active Chinese land-observation satellite) or a choice of NORAD numbers.
 */
export function SatellitePicker({
  missions,
  value,
  onChange,
}: {
  missions: readonly OrbitMission[];
  value: number[] | null;
  onChange: (value: number[] | null) => void;
}) {
  const t = useTranslations('OrbitalPredict.form');
  const tg = useTranslations('Satellites.group');
  const chosen = new Set(value ?? []);
  const setMany = (norads: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const n of norads) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange([...next]);
  };
  const count = chosen.size;

  return (
    <Stack gap={6}>
      <Radio.Group
        value={value === null ? 'all' : 'some'}
        onChange={(v) => onChange(v === 'all' ? null : [])}
        label={t('satellites')}
      >
        <Stack gap={4} mt={4}>
          <Radio value="all" label={t('allSatellites', { max: MAX_SATELLITES })} data-testid="sats-all" />
          <Radio value="some" label={t('chooseSatellites')} data-testid="sats-some" />
        </Stack>
      </Radio.Group>
      {value !== null ? (
        <>
          <Text size="xs" c={count > MAX_SATELLITES ? 'red' : 'dimmed'} aria-live="polite" data-testid="sats-count">
            {t('chosenCount', { count, max: MAX_SATELLITES })}
            {count > MAX_SATELLITES ? ` ${t('tooMany', { max: MAX_SATELLITES })}` : ''}
          </Text>
          <div className={classes.satelliteList} data-testid="satellite-picker">
            {SATELLITE_GROUPS.map((group) => {
              const inGroup = missions.filter((m) => m.group === group);
              if (inGroup.length === 0) return null;
              return (
                <fieldset key={group} className={classes.satelliteGroup}>
                  <legend>{t('group', { group: tg(group) })}</legend>
                  {inGroup.map((m) => {
                    const norads = m.spacecraft.map((s) => s.norad);
                    const on = norads.filter((n) => chosen.has(n)).length;
                    const suffix = m.swathKm === null ? ` (${t('noSwath')})` : '';
                    return (
                      <div key={m.slug} className={classes.mission}>
                        {norads.length > 1 ? (
                          <>
                            <Checkbox
                              size="xs"
                              label={`${t('mission', { name: m.name, count: norads.length })}${suffix}`}
                              checked={on === norads.length}
                              indeterminate={on > 0 && on < norads.length}
                              onChange={(e) => setMany(norads, e.currentTarget.checked)}
                              data-testid={`mission-${m.slug}`}
                            />
                            <div className={classes.spacecraft}>
                              {m.spacecraft.map((s) => (
                                <Checkbox
                                  key={s.norad}
                                  size="xs"
                                  label={`${s.name} · ${s.norad}`}
                                  checked={chosen.has(s.norad)}
                                  onChange={(e) => setMany([s.norad], e.currentTarget.checked)}
                                  data-testid={`sat-${s.norad}`}
                                />
                              ))}
                            </div>
                          </>
                        ) : (
                          <Checkbox
                            size="xs"
                            label={`${m.name} · ${norads[0] ?? ''}${suffix}`}
                            checked={on === norads.length}
                            onChange={(e) => setMany(norads, e.currentTarget.checked)}
                            data-testid={`sat-${norads[0] ?? ''}`}
                          />
                        )}
                      </div>
                    );
                  })}
                </fieldset>
              );
            })}
          </div>
        </>
      ) : null}
    </Stack>
  );
}
