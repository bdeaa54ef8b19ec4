'use client';

import { Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { APPLICATIONS_PAGE_SIZE, applicationKeys, useOwnApplications } from '@/lib/client/queries/applications';
import { useDictionary } from '@/lib/client/queries/spots';
import type { RequestSummary } from '@/lib/shared/contracts/requests';
import type { RequestStatus } from '@/lib/shared/orders/model';
import { PagedList } from '@/components/ui/paged-list';
import { ApplicationDialog } from './application-dialog';
import { useCoverageText } from './coverage-text';
import { RequestStatusBadge } from './request-status-badge';

export const NEW_APPLICATION_PATH = '/personal/personalCenter/myApply/new';

function ApplicationRow({ item, onOpen }: { item: RequestSummary; onOpen: (id: string) => void }) {
  const t = useTranslations('Applications');
  const format = useFormatter();
  const coverage = useCoverageText();
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={`apply-${item.id}`} data-testid="application-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`apply-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
          {item.project}
        </Title>
        <RequestStatusBadge status={item.status} name={item.statusName} />
      </Group>
      <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t('number', { code: item.code })} · {item.organization} ·{' '}
        {t('submittedAt', { date: format.dateTime(new Date(item.createdAt), 'moment') })}
      </Text>
      <Text size="sm" mt={4}>
        {coverage(item)}
        {item.orderCode ? ` · ${t('orderPlaced', { code: item.orderCode })}` : ''}
      </Text>
      <Button mt="sm" size="compact-md" variant="light" onClick={() => onOpen(item.id)} aria-label={t('openLabel', { code: item.code })}>
        {t('open')}
      </Button>
    </Paper>
  );
}

/** Personal centre, My applications: the user's applications by status, each opening its detail. */
export function MyApplications() {
  const t = useTranslations('Applications');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const statuses = useDictionary('REQUEST_STATUS');
  const list = useOwnApplications({ status, pageNum: page });
  const data = list.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt="xs">{t('intro')}</Text>
        </div>
        <Button component={Link} href={NEW_APPLICATION_PATH} data-testid="new-application">
          {t('new')}
        </Button>
      </Group>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-applications-list">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="my-applications-list">
              {t('listTitle')}
            </Title>
            <Select
              label={t('statusFilter')}
              w={200}
              data={[{ value: '', label: t('allStatuses') }, ...(statuses.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))]}
              value={status === null ? '' : String(status)}
              allowDeselect={false}
              onChange={(value) => {
                setStatus(value ? (Number(value) as RequestStatus) : null);
                setPage(1);
              }}
              data-testid="application-status-filter"
            />
          </Group>
          <PagedList
            query={list}
            data={data}
            page={page}
            pageSize={APPLICATIONS_PAGE_SIZE}
            onPage={setPage}
            labels={{
              loading: t('loading'),
              loadFailed: t('loadFailed'),
              retry: t('retry'),
              pages: t('pages'),
              previousPage: t('previousPage'),
              nextPage: t('nextPage'),
            }}
            empty={
              <Stack gap={4} data-testid="applications-empty">
                <Text c="gray.7">{status === null ? t('empty') : t('emptyFiltered')}</Text>
                {status === null ? (
                  <Anchor component={Link} href="/normal" size="sm">
                    {t('emptyHint')}
                  </Anchor>
                ) : null}
              </Stack>
            }
            row={(item) => <ApplicationRow key={item.id} item={item} onOpen={setOpenId} />}
            listTestId="applications-list"
          />
        </Stack>
      </Paper>

      <ApplicationDialog
        id={openId}
        onClose={() => setOpenId(null)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: applicationKeys.all })}
      />
    </Stack>
  );
}
