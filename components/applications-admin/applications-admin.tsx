'use client';

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection, ScreenHeading } from '@/components/ui/list-section';
import { useCoverageText } from '@/components/applications/coverage-text';
import { RequestStatusBadge } from '@/components/applications/request-status-badge';
import { AdminFilters, EMPTY_FILTER, type AdminFilterValue } from '@/components/orders-admin/admin-filters';
import { APPLICATIONS_PAGE_SIZE } from '@/lib/client/queries/applications';
import { useManagedApplications } from '@/lib/client/queries/applications-admin';
import { useDictionary } from '@/lib/client/queries/spots';
import type { ManagedRequestSummary } from '@/lib/shared/contracts/requests-review';
import type { RequestStatus } from '@/lib/shared/orders/model';
import { PagedList } from '@/components/ui/paged-list';
import { ReviewDialog } from './review-dialog';

function Row({ item, onOpen }: { item: ManagedRequestSummary; onOpen: (id: string) => void }) {
  const t = useTranslations('ApplicationsAdmin');
  const applyT = useTranslations('Applications');
  const format = useFormatter();
  const coverage = useCoverageText();
  const who = item.applicant.realName ? `${item.applicant.realName} (${item.applicant.username})` : item.applicant.username;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={`review-${item.id}`} data-testid="review-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`review-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
          {item.project}
        </Title>
        <RequestStatusBadge status={item.status} name={item.statusName} />
      </Group>
      <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {applyT('number', { code: item.code })} · {t('from', { name: who })} · {item.organization} ·{' '}
        {applyT('submittedAt', { date: format.dateTime(new Date(item.createdAt), { dateStyle: 'medium', timeStyle: 'short' }) })}
      </Text>
      <Text size="sm" mt={4}>
        {coverage(item)}
        {item.orderCode ? ` · ${applyT('orderPlaced', { code: item.orderCode })}` : ''}
      </Text>
      <Button
        mt="sm"
        size="compact-md"
        variant={item.status === 1 ? 'filled' : 'light'}
        onClick={() => onOpen(item.id)}
        aria-label={t('openLabel', { code: item.code })}
      >
        {item.status === 1 ? t('review') : t('view')}
      </Button>
    </Paper>
  );
}

/** Administrators: every application, filtered by status, applicant and date; each opens for review. */
export function ApplicationsAdmin() {
  const t = useTranslations('ApplicationsAdmin');
  // The work queue first: what waits for review.
  const [filter, setFilter] = useState<AdminFilterValue>({ ...EMPTY_FILTER, status: '1' });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const statuses = useDictionary('REQUEST_STATUS');
  const list = useManagedApplications({
    status: filter.status ? (Number(filter.status) as RequestStatus) : null,
    user: filter.user.trim(),
    dateFrom: filter.dateFrom || null,
    dateTo: filter.dateTo || null,
    pageNum: page,
  });
  const data = list.data;

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <ListSection
        id="review-list-title"
        title={t('listTitle')}
        count={data ? t('counts', { total: data.total, pending: data.pending }) : null}
        countTestId="review-counts"
      >
        <AdminFilters
          statuses={(statuses.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
          value={filter}
          onApply={(next) => {
            setFilter(next);
            setPage(1);
          }}
          testId="review-filters"
        />
        <PagedList
          query={list}
          data={data}
          page={page}
          pageSize={APPLICATIONS_PAGE_SIZE}
          onPage={setPage}
          labels={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), pages: t('pages') }}
          empty={
            <Text c="gray.7" data-testid="review-empty">
              {t('empty')}
            </Text>
          }
          row={(item) => <Row key={item.id} item={item} onOpen={setOpenId} />}
        />
      </ListSection>
      <ReviewDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
