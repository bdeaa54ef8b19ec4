'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCoverageText } from '@/components/applications/coverage-text';
import { RequestStatusBadge } from '@/components/applications/request-status-badge';
import { ReviewFilters, EMPTY_FILTER, managedListFilter } from '@/components/workflow/review-filters';
import { requestMachine } from '@/lib/shared/workflow';
import { ReviewItem, ReviewItemLine, ReviewQueue, useReviewQueue } from '@/components/workflow/review-queue';
import { APPLICATIONS_PAGE_SIZE } from '@/lib/client/queries/applications';
import { useManagedApplications } from '@/lib/client/queries/applications-admin';
import type { ManagedRequestSummary } from '@/lib/shared/contracts/requests-review';
import { REQUEST_STATUS, type RequestStatus } from '@/lib/shared/orders/model';
import { ReviewDialog } from './review-dialog';

function Row({ item, onOpen }: { item: ManagedRequestSummary; onOpen: (id: string) => void }) {
  const t = useTranslations('ApplicationsAdmin');
  const applyT = useTranslations('Applications');
  const format = useFormatter();
  const coverage = useCoverageText();
  const who = item.applicant.realName ? `${item.applicant.realName} (${item.applicant.username})` : item.applicant.username;
  const pending = item.status === REQUEST_STATUS.PENDING;
  return (
    <ReviewItem
      id={`review-${item.id}`}
      title={item.project}
      testId="review-row"
      badges={<RequestStatusBadge status={item.status} name={item.statusName} />}
      action={{
        label: pending ? t('review') : t('view'),
        ariaLabel: t('openLabel', { code: item.code }),
        onClick: () => onOpen(item.id),
        variant: pending ? 'filled' : 'light',
      }}
    >
      <ReviewItemLine muted>
        {applyT('number', { code: item.code })} · {t('from', { name: who })} · {item.organization} ·{' '}
        {applyT('submittedAt', { date: format.dateTime(new Date(item.createdAt), 'moment') })}
      </ReviewItemLine>
      <ReviewItemLine>
        {coverage(item)}
        {item.orderCode ? ` · ${applyT('orderPlaced', { code: item.orderCode })}` : ''}
      </ReviewItemLine>
    </ReviewItem>
  );
}

/** Administrators: every application, filtered by status, applicant and date; each opens for review. */
export function ApplicationsAdmin() {
  const t = useTranslations('ApplicationsAdmin');
  // The work queue first: what waits for review.
  const queue = useReviewQueue({ ...EMPTY_FILTER, status: String(REQUEST_STATUS.PENDING) });
  const { filter } = queue;
  const list = useManagedApplications(managedListFilter<RequestStatus>(filter, queue.page));
  return (
    <ReviewQueue
      queue={queue}
      query={list}
      pageSize={APPLICATIONS_PAGE_SIZE}
      title={t('title')}
      intro={t('intro')}
      listId="review-list-title"
      listTitle={t('listTitle')}
      count={(data) => t('counts', { total: data.total, pending: data.pending })}
      countTestId="review-counts"
      filters={<ReviewFilters dictionary={requestMachine.dictionary} value={filter} onApply={queue.applyFilter} testId="review-filters" />}
      labels={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), pages: t('pages') }}
      empty={{ text: t('empty'), testId: 'review-empty' }}
      row={(item) => <Row key={item.id} item={item} onOpen={queue.open} />}
      dialog={<ReviewDialog id={queue.openId} onClose={queue.close} />}
    />
  );
}
