'use client';

import { Anchor, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { APPLICATIONS_PAGE_SIZE, attachmentUrl, useApplicationItems } from '@/lib/client/queries/applications';
import type { RequestDetail } from '@/lib/shared/contracts/requests';
import { StatusHistorySection } from '@/components/workflow/status-history';
import { RequestStatusBadge } from './request-status-badge';
import { useCoverageText } from './coverage-text';

/** The scenes of an application, a page at a time. */
function ApplicationScenes({ id, count }: { id: string; count: number }) {
  const t = useTranslations('Applications');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const items = useApplicationItems(id, page);
  const pages = Math.max(1, Math.ceil(count / APPLICATIONS_PAGE_SIZE));
  return (
    <section aria-labelledby={`scenes-${id}`}>
      <Title order={3} size="h6" id={`scenes-${id}`}>
        {t('detail.scenes', { count })}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped fz="sm" aria-busy={items.isFetching} data-testid="application-scenes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.fileName')}</Table.Th>
              <Table.Th>{t('detail.satellite')}</Table.Th>
              <Table.Th>{t('detail.acquired')}</Table.Th>
              <Table.Th>{t('detail.cloud')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(items.data?.list ?? []).map((scene) => (
              <Table.Tr key={scene.sceneId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{scene.fileName}</Table.Td>
                <Table.Td>{[scene.satellite, scene.sensor].filter(Boolean).join(' / ')}</Table.Td>
                <Table.Td>{scene.acquiredAt ? format.dateTime(new Date(scene.acquiredAt), 'day') : '—'}</Table.Td>
                <Table.Td>{scene.cloudPct === null ? '—' : `${scene.cloudPct}%`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.isError ? (
        <Text c="red" size="sm" role="alert">
          {items.error.message}
        </Text>
      ) : null}
      {pages > 1 ? <Pagination size="sm" mt="xs" total={pages} value={page} onChange={setPage} aria-label={t('pages')} /> : null}
    </section>
  );
}

/** Everything about one application: what, for whom, the decision, the history (applicant and reviewer alike). */
export function ApplicationDetails({ request }: { request: RequestDetail }) {
  const t = useTranslations('Applications');
  const format = useFormatter();
  const coverage = useCoverageText();
  const when = (iso: string) => format.dateTime(new Date(iso), 'moment');
  return (
    <Stack gap="md" data-testid="application-detail">
      <Group gap="xs" wrap="wrap">
        <RequestStatusBadge status={request.status} name={request.statusName} />
        <Text size="sm" c="gray.7">
          {t('number', { code: request.code })} · {t('submittedAt', { date: when(request.createdAt) })}
        </Text>
      </Group>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) 1fr', gap: '4px 12px' }}>
        <Text component="dt" fw={600} size="sm">
          {t('form.organization')}
        </Text>
        <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
          {request.organization}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('form.project')}
        </Text>
        <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
          {request.project}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('detail.covers')}
        </Text>
        <Text component="dd" size="sm" m={0}>
          {coverage(request)}
          {request.areaKm2 !== null
            ? ` · ${t('detail.areaKm2', { km2: format.number(request.areaKm2, { maximumFractionDigits: 0 }) })}`
            : ''}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('form.contact')}
        </Text>
        <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
          {[request.contact.name, request.contact.phone, request.contact.email].filter(Boolean).join(' · ')}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('detail.attachmentLabel')}
        </Text>
        <Text component="dd" size="sm" m={0}>
          {request.attachment ? (
            <Anchor href={attachmentUrl(request.id)} download={request.attachment.name} data-testid="attachment-link">
              {t('detail.attachment', { name: request.attachment.name, kb: Math.max(1, Math.round(request.attachment.bytes / 1024)) })}
            </Anchor>
          ) : (
            t('detail.noAttachment')
          )}
        </Text>
        {request.orderCode ? (
          <>
            <Text component="dt" fw={600} size="sm">
              {t('detail.order')}
            </Text>
            <Text component="dd" size="sm" m={0} data-testid="application-order">
              {request.orderCode}
            </Text>
          </>
        ) : null}
      </dl>
      <section aria-labelledby={`purpose-${request.id}`}>
        <Title order={3} size="h6" id={`purpose-${request.id}`}>
          {t('form.purpose')}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.purpose}
        </Text>
      </section>
      {request.reviewNote ? (
        <section aria-labelledby={`review-${request.id}`}>
          <Title order={3} size="h6" id={`review-${request.id}`}>
            {t('detail.reviewNote')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="review-note">
            {request.reviewNote}
          </Text>
        </section>
      ) : null}
      {request.kind === 'scenes' && request.itemCount > 0 ? <ApplicationScenes id={request.id} count={request.itemCount} /> : null}
      <StatusHistorySection id={`history-${request.id}`} title={t('detail.history')} entries={request.history} chain={request.chain} />
    </Stack>
  );
}
