'use client';

import { Alert, Button, Checkbox, Group, Pagination, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { AREA_SCENES_PAGE_SIZE, useAreaScenes } from '@/lib/client/queries/applications-admin';
import { ORDER_LIMITS } from '@/lib/shared/orders/model';

/**
 * The reviewer's choice of scenes for an area application: the catalogue's scenes of its area and period,
 * clearest first, a page at a time, each with a checkbox; none checked orders the clearest automatically.
 */
export function ScenePicker({ id, chosen, onChange }: { id: string; chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  const t = useTranslations('ApplicationsAdmin.picker');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const scenes = useAreaScenes(id, page, true);
  const data = scenes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AREA_SCENES_PAGE_SIZE)) : 1;
  const set = new Set(chosen);
  const toggle = (sceneId: string, on: boolean) =>
    onChange(on ? [...chosen, sceneId].slice(0, ORDER_LIMITS.maxItemsPerOrder) : chosen.filter((x) => x !== sceneId));
  const pageIds = data?.list.map((s) => s.sceneId) ?? [];
  return (
    <Stack gap="xs" role="group" aria-label={t('label')} data-testid="scene-picker">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} role="status" aria-live="polite">
          {t('chosen', { count: chosen.length })}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          disabled={pageIds.length === 0}
          onClick={() => onChange([...chosen, ...pageIds.filter((x) => !set.has(x))])}
        >
          {t('checkPage')}
        </Button>
        <Button size="compact-xs" variant="subtle" disabled={chosen.length === 0} onClick={() => onChange([])}>
          {t('clear')}
        </Button>
      </Group>
      {scenes.isError && !data ? (
        <Alert color="red" role="alert">
          {scenes.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton h={160} role="status" aria-label={t('loading')} />
      ) : (
        <Table.ScrollContainer minWidth={460} mah={300}>
          <Table striped fz="sm" stickyHeader aria-busy={scenes.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>{t('choose')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('fileName')}</Table.Th>
                <Table.Th>{t('acquired')}</Table.Th>
                <Table.Th>{t('cloud')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.list.map((scene) => (
                <Table.Tr key={scene.sceneId}>
                  <Table.Td>
                    <Checkbox
                      checked={set.has(scene.sceneId)}
                      onChange={(e) => toggle(scene.sceneId, e.currentTarget.checked)}
                      aria-label={t('chooseScene', { name: scene.fileName })}
                    />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{scene.fileName}</Table.Td>
                  <Table.Td>{scene.acquiredAt ? format.dateTime(new Date(scene.acquiredAt), 'day') : '—'}</Table.Td>
                  <Table.Td>{scene.cloudPct === null ? '—' : `${scene.cloudPct}%`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label={t('pages')} /> : null}
    </Stack>
  );
}
