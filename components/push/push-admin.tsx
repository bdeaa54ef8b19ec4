'use client';
/**
 * Administrators (issue 35.1): push users — list them (or every account, to make one), make or unmake a push user,
 * and edit their grants in a dialog.
 */
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection, ScreenHeading } from '@/components/ui/list-section';
import { type Notice, ResultNotice } from '@/components/ui/result-notice';
import { PagedList } from '@/components/ui/paged-list';
import { usePushListLabels } from './list-labels';
import { ApiClientError } from '@/lib/client/api';
import { PUSH_USERS_PAGE_SIZE, pushKeys, removePushUser, usePushUsers } from '@/lib/client/queries/push';
import type { PushCandidate } from '@/lib/shared/contracts/push';
import { BatchDeliveries } from './batch-deliveries';
import { GrantDialog } from './grant-dialog';

const displayName = (u: PushCandidate) => (u.realName ? `${u.realName} (${u.username})` : u.username);

function UserRow({ user, onEdit, onRemove }: { user: PushCandidate; onEdit: () => void; onRemove: () => void }) {
  const t = useTranslations('Push.admin');
  const kinds = useTranslations('Push.kinds');
  const headingId = `push-user-${user.userId}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-labelledby={headingId}
      data-testid="push-user-row"
      data-username={user.username}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {displayName(user)}
          </Title>
          {user.organization ? (
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {user.organization}
            </Text>
          ) : null}
        </div>
        {user.kind ? (
          <Badge color="teal" tt="none" data-testid="push-user-kind">
            {kinds(user.kind)}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            {t('notPush')}
          </Badge>
        )}
      </Group>
      {user.kind ? (
        <Text size="sm" mt={4}>
          {t('grantCounts', { image: user.imageGrantCount, spot: user.spotGrantCount })} · {t('batchCount', { count: user.batchCount })}
        </Text>
      ) : null}
      <Group gap="xs" mt="sm">
        <Button
          size="compact-md"
          variant="light"
          onClick={onEdit}
          aria-label={`${user.kind ? t('edit') : t('make')}: ${displayName(user)}`}
          data-testid="push-edit"
        >
          {user.kind ? t('edit') : t('make')}
        </Button>
        {user.kind ? (
          <Button
            size="compact-md"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={`${t('remove')}: ${displayName(user)}`}
            data-testid="push-remove"
          >
            {t('remove')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

export function PushAdmin() {
  const t = useTranslations('Push.admin');
  const list = useTranslations('Push.list');
  const listLabels = usePushListLabels();
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [scope, setScope] = useState<'push' | 'all'>('push');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const users = usePushUsers(page, scope, debounced);
  const [editing, setEditing] = useState<PushCandidate | null>(null);
  const [removing, setRemoving] = useState<PushCandidate | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function remove(user: PushCandidate) {
    setNotice(null);
    try {
      await removePushUser(user.userId);
      setNotice({ ok: true, text: t('removed', { name: displayName(user) }) });
      await queryClient.invalidateQueries({ queryKey: pushKeys.all });
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setNotice({ ok: false, text: failed instanceof Error && failed.message ? failed.message : client('unknownError') });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('search')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={50}
          style={{ flex: '1 1 220px' }}
          data-testid="push-search"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="push-scope-label">
            {t('scope')}
          </Text>
          <SegmentedControl
            aria-labelledby="push-scope-label"
            value={scope}
            onChange={(v) => {
              setScope(v as 'push' | 'all');
              setPage(1);
            }}
            data={[
              { value: 'push', label: t('scopePush') },
              { value: 'all', label: t('scopeAll') },
            ]}
            data-testid="push-scope"
          />
        </Stack>
      </Group>
      <ListSection
        id="push-users-title"
        title={scope === 'push' ? t('scopePush') : t('scopeAll')}
        count={users.data ? list('total', { total: users.data.total }) : null}
        countTestId="push-users-total"
      >
        <ResultNotice notice={notice} testId="push-notice" />
        <PagedList
          query={users}
          data={users.data}
          page={page}
          pageSize={PUSH_USERS_PAGE_SIZE}
          onPage={setPage}
          labels={listLabels}
          empty={<Text c="gray.7">{t('empty')}</Text>}
          row={(user) => <UserRow key={user.userId} user={user} onEdit={() => setEditing(user)} onRemove={() => setRemoving(user)} />}
          listTestId="push-users"
        />
      </ListSection>
      <BatchDeliveries />
      {editing ? (
        <GrantDialog
          key={editing.userId}
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setNotice({ ok: true, text: t('saved', { name }) });
          }}
        />
      ) : null}
      {removing ? (
        <Modal opened onClose={() => setRemoving(null)} title={t('remove')}>
          <Text>{t('removeConfirm', { name: displayName(removing) })}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={() => void remove(removing)} data-testid="push-remove-confirm">
              {t('removeConfirmAction')}
            </Button>
          </Group>
        </Modal>
      ) : null}
    </Stack>
  );
}
