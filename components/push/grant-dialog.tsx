'use client';
/**
 * Administrators: a user's push grants in a dialog (focus kept inside, Escape closes) — the kind of push user, image
 * grants (satellites, sensors, levels, regions) and spot grants (type, regions). Saving replaces all grants at once.
 */
import { ActionIcon, Alert, Button, Group, Modal, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { ApiClientError } from '@/lib/client/api';
import { useRegionChildren } from '@/lib/client/queries/regions';
import { pushKeys, savePushUser, useImageTypes, usePushUser, useSpotTypes } from '@/lib/client/queries/push';
import type { MissionGroup } from '@/lib/shared/catalogue/missions';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { PUSH_KINDS, PUSH_LIMITS, type PushCandidate, type PushKind, type PushUser, type SpotType } from '@/lib/shared/contracts/push';

interface ImageDraft {
  satellites: string[];
  sensors: string[];
  levels: string[];
  regionCodes: string[];
}
interface SpotDraft {
  spotType: SpotType | null;
  regionCodes: string[];
}

const emptyImage = (): ImageDraft => ({ satellites: [], sensors: [], levels: [], regionCodes: [] });

type DialogProps = { user: PushCandidate; onClose: () => void; onSaved: (name: string) => void };

/** The dialog; its form starts from the user's current grants once they are read. */
export function GrantDialog(props: DialogProps) {
  const t = useTranslations('Push.admin');
  const list = useTranslations('Push.list');
  const { user, onClose } = props;
  const name = user.realName ? `${user.realName} (${user.username})` : user.username;
  const existing = usePushUser(user.kind ? user.userId : null);
  return (
    <Modal opened onClose={onClose} title={t('dialogTitle', { name })} size="lg" data-testid="push-grant-dialog">
      {user.kind && existing.isPending ? (
        <LoadingRows label={list('loading')} count={2} height={60} radius="md" />
      ) : user.kind && !existing.data ? (
        <LoadFailed title={list('loadFailed')} message={existing.error?.message ?? ''} retry={list('retry')} onRetry={existing.refetch} />
      ) : (
        <GrantForm {...props} name={name} initial={existing.data ?? null} />
      )}
    </Modal>
  );
}

function GrantForm({ user, onClose, onSaved, name, initial }: DialogProps & { name: string; initial: PushUser | null }) {
  const t = useTranslations('Push.admin');
  const kinds = useTranslations('Push.kinds');
  const grants = useTranslations('Push.grants');
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const imageTypes = useImageTypes();
  const spotTypes = useSpotTypes();
  const provinces = useRegionChildren(COUNTRY_CODE);
  const [kind, setKind] = useState<PushKind>(initial?.kind ?? user.kind ?? 'provincial');
  const [images, setImages] = useState<ImageDraft[]>(
    () =>
      initial?.imageGrants.map((g) => ({
        satellites: g.satellites,
        sensors: g.sensors,
        levels: g.levels,
        regionCodes: g.regions.map((r) => r.code),
      })) ?? [],
  );
  const [spots, setSpots] = useState<SpotDraft[]>(
    () => initial?.spotGrants.map((g) => ({ spotType: g.spotType, regionCodes: g.regions.map((r) => r.code) })) ?? [],
  );
  // Regions granted below province level keep their names in the choices.
  const extraRegions = useMemo(
    () =>
      initial
        ? [...initial.imageGrants, ...initial.spotGrants].flatMap((g) => g.regions.map((r) => ({ value: r.code, label: r.name })))
        : [],
    [initial],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const groups = useTranslations('Push.admin.groups');
  const satelliteData = useMemo(() => {
    const byGroup = new Map<MissionGroup, Array<{ value: string; label: string }>>();
    for (const m of imageTypes.data ?? []) {
      const list = byGroup.get(m.group) ?? [];
      list.push({ value: m.satellite, label: m.name });
      byGroup.set(m.group, list);
    }
    return [...byGroup].map(([group, items]) => ({ group: groups(group), items }));
  }, [imageTypes.data, groups]);
  const regionData = useMemo(() => {
    const seen = new Set<string>();
    return [...(provinces.data ?? []).map((p) => ({ value: p.code, label: p.name })), ...extraRegions].filter((r) =>
      seen.has(r.value) ? false : (seen.add(r.value), true),
    );
  }, [provinces.data, extraRegions]);
  const sensorsOf = (satellites: readonly string[]) =>
    [
      ...new Set((imageTypes.data ?? []).filter((m) => satellites.includes(m.satellite)).flatMap((m) => m.sensors.map((s) => s.code))),
    ].sort();
  const levelsOf = (satellites: readonly string[]) =>
    [
      ...new Set(
        (imageTypes.data ?? []).filter((m) => satellites.includes(m.satellite)).flatMap((m) => m.sensors.map((s) => s.productLevel)),
      ),
    ].sort();

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await savePushUser(user.userId, {
        kind,
        imageGrants: images,
        spotGrants: spots.filter((s): s is SpotDraft & { spotType: SpotType } => s.spotType !== null),
      });
      await queryClient.invalidateQueries({ queryKey: pushKeys.all });
      onSaved(name);
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setError(failed instanceof Error && failed.message ? failed.message : client('unknownError'));
    } finally {
      setBusy(false);
    }
  }

  const updateImage = (i: number, patch: Partial<ImageDraft>) =>
    setImages((list) => list.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const updateSpot = (i: number, patch: Partial<SpotDraft>) => setSpots((list) => list.map((g, j) => (j === i ? { ...g, ...patch } : g)));

  return (
    <Stack gap="md">
      <Select
        label={t('kind')}
        data={PUSH_KINDS.map((k) => ({ value: k, label: kinds(k) }))}
        value={kind}
        onChange={(v) => v && setKind(v as PushKind)}
        allowDeselect={false}
        data-testid="push-kind"
      />
      <Title order={3} size="h5">
        {grants('imageTitle')}
      </Title>
      {images.map((g, i) => (
        <Paper key={i} withBorder p="sm" radius="md" role="group" aria-label={t('imageGrant', { n: i + 1 })} data-testid="push-image-grant">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t('imageGrant', { n: i + 1 })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('removeGrant')}
              onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
          <Stack gap="xs">
            <MultiSelect
              label={t('satellites')}
              data={satelliteData}
              value={g.satellites}
              onChange={(satellites) => updateImage(i, { satellites })}
              searchable
              maxValues={PUSH_LIMITS.satellitesPerGrant}
              data-testid="push-satellites"
            />
            <MultiSelect
              label={t('sensors')}
              data={sensorsOf(g.satellites)}
              value={g.sensors}
              onChange={(sensors) => updateImage(i, { sensors })}
            />
            <MultiSelect
              label={t('levels')}
              data={levelsOf(g.satellites)}
              value={g.levels}
              onChange={(levels) => updateImage(i, { levels })}
            />
            <MultiSelect
              label={t('regions')}
              data={regionData}
              value={g.regionCodes}
              onChange={(regionCodes) => updateImage(i, { regionCodes })}
              searchable
              maxValues={PUSH_LIMITS.regionsPerGrant}
              data-testid="push-regions"
            />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        onClick={() => setImages((list) => [...list, emptyImage()])}
        disabled={images.length >= PUSH_LIMITS.imageGrants}
        data-testid="push-add-image"
      >
        {t('addImage')}
      </Button>
      <Title order={3} size="h5">
        {grants('spotTitle')}
      </Title>
      {spots.map((g, i) => (
        <Paper key={i} withBorder p="sm" radius="md" role="group" aria-label={t('spotGrant', { n: i + 1 })} data-testid="push-spot-grant">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t('spotGrant', { n: i + 1 })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('removeGrant')}
              onClick={() => setSpots((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
          <Stack gap="xs">
            <Select
              label={t('spotType')}
              data={(spotTypes.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={g.spotType}
              onChange={(v) => updateSpot(i, { spotType: v as SpotType | null })}
            />
            <MultiSelect
              label={t('regions')}
              data={regionData}
              value={g.regionCodes}
              onChange={(regionCodes) => updateSpot(i, { regionCodes })}
              searchable
            />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        onClick={() => setSpots((list) => [...list, { spotType: null, regionCodes: [] }])}
        disabled={spots.length >= PUSH_LIMITS.spotGrants}
      >
        {t('addSpot')}
      </Button>
      {error ? (
        <Alert color="red" role="alert" data-testid="push-grant-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void save()} loading={busy} data-testid="push-save">
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
