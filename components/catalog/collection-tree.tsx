'use client';

import { Checkbox, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { COLLECTIONS, MISSION_GROUPS, MISSIONS, collectionId, type MissionGroup } from '@/lib/shared/catalogue/missions';
import classes from './catalog.module.css';

export interface CollectionTreeProps {
  /** Chosen collection ids; null means all. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
}

const ALL_IDS = COLLECTIONS.map((c) => c.id);
const idsOfGroup = (group: MissionGroup) => COLLECTIONS.filter((c) => c.mission.group === group).map((c) => c.id);

/** Back to null ("all") when every collection is chosen, so the URL and the request stay short. */
const normalise = (ids: Set<string>): string[] | null => (ids.size === ALL_IDS.length ? null : ALL_IDS.filter((id) => ids.has(id)));

/**
 * Satellites and sensors grouped the way users think of them (Chinese optical, radar, international),
 * each group with a select-all box (mixed when partly chosen) and a disclosure button. Plain checkboxes:
 * Tab moves between them, Space toggles.
 */
export function CollectionTree({ value, onChange }: CollectionTreeProps) {
  const t = useTranslations('Normal');
  const locale = useLocale() === 'en' ? 'en' : 'zh';
  const chosen = new Set(value ?? ALL_IDS);
  const [open, setOpen] = useState<Record<MissionGroup, boolean>>({ 'cn-optical': true, radar: false, international: false });
  const baseId = useId();

  const setMany = (ids: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(normalise(next));
  };

  return (
    <fieldset className={classes.tree} data-testid="collection-tree">
      <legend className={classes.legend}>{t('collections.legend')}</legend>
      <div className={classes.treeActions}>
        <UnstyledButton className={classes.linkButton} onClick={() => onChange(null)}>
          {t('collections.all')}
        </UnstyledButton>
        <UnstyledButton className={classes.linkButton} onClick={() => onChange([])}>
          {t('collections.none')}
        </UnstyledButton>
        <span className={classes.treeCount} aria-live="polite">
          {t('collections.count', { count: chosen.size, total: ALL_IDS.length })}
        </span>
      </div>
      {MISSION_GROUPS.map((group) => {
        const ids = idsOfGroup(group);
        const n = ids.filter((id) => chosen.has(id)).length;
        const listId = `${baseId}-${group}`;
        return (
          <div key={group} className={classes.treeGroup} data-group={group}>
            <div className={classes.treeGroupHead}>
              <UnstyledButton
                className={classes.disclosure}
                aria-expanded={open[group]}
                aria-controls={listId}
                aria-label={t('collections.toggle', { group: t(`groups.${group}`) })}
                onClick={() => setOpen((o) => ({ ...o, [group]: !o[group] }))}
              >
                <span aria-hidden="true">{open[group] ? '▾' : '▸'}</span>
              </UnstyledButton>
              <Checkbox
                size="xs"
                label={t('collections.groupAll', { group: t(`groups.${group}`), count: n, total: ids.length })}
                checked={n === ids.length}
                indeterminate={n > 0 && n < ids.length}
                onChange={(event) => setMany(ids, event.currentTarget.checked)}
                fw={600}
              />
            </div>
            <ul id={listId} className={classes.treeList} hidden={!open[group]}>
              {MISSIONS.filter((m) => m.group === group).map((mission) => (
                <li key={mission.satellite}>
                  <span className={classes.missionName}>{mission.name[locale]}</span>
                  <span className={classes.sensors}>
                    {mission.sensors.map((sensor) => {
                      const id = collectionId(mission.satellite, sensor.code);
                      return (
                        <Checkbox
                          key={id}
                          size="xs"
                          value={id}
                          aria-label={t('collections.sensor', { mission: mission.name[locale], sensor: sensor.code, resolution: sensor.resolutionM })}
                          label={t('collections.sensorShort', { sensor: sensor.code, resolution: sensor.resolutionM })}
                          checked={chosen.has(id)}
                          onChange={(event) => setMany([id], event.currentTarget.checked)}
                        />
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </fieldset>
  );
}
