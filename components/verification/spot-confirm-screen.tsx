'use client';
/**
 * spotConfirm (spec §2; issue 33.3): the reviewer's queue — "to review" (the cases my roles can move now), "returned"
 * (sent back, waiting on the county) and "objections" (objected verdicts). Each case can be approved or sent back
 * from the list through a dialog that asks for the reason; its page (lawSpotDetail) shows the checker's evidence.
 */
import { Alert, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { useCaseList, type CaseListFilters } from '@/lib/client/queries/verification';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import { CaseTable } from './case-table';
import { DecisionDialog, type Decision } from './decision-dialog';
import { CaseFilters, CasePager, EMPTY_FILTERS, toListFilters, type FilterValue } from './parts';
import { homeRegion, type VerifyRole } from './roles';
import { approveMove, SEND_BACK } from './stages';

export const CONFIRM_TABS = ['queue', 'returned', 'objected'] as const;
export type ConfirmTab = (typeof CONFIRM_TABS)[number];
const PAGE_SIZE = 20;

const TAB_FILTERS: Record<ConfirmTab, CaseListFilters> = {
  queue: { mine: 'true' },
  returned: { stage: 'returned' },
  objected: { stage: 'objected' },
};

/** The list's count per tab: the queue's total, and the stage counts of the same filters for the others. */
function TabCount({ filters, tab }: { filters: CaseListFilters; tab: ConfirmTab }) {
  const list = useCaseList({ ...filters, ...TAB_FILTERS[tab] }, 'due', 1, 1);
  return list.data ? <span data-testid={`tab-count-${tab}`}> · {list.data.total}</span> : null;
}

function Actions({ c, onDecide }: { c: CaseSummary; onDecide: (d: Decision) => void }) {
  const t = useTranslations('VerifyList.confirm');
  const forward = approveMove(c.actions);
  const back = c.actions.includes(SEND_BACK);
  if (!forward && !back) {
    return (
      <Text size="xs" c="gray.7">
        {t('notYours')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {forward ? (
        <Button
          size="compact-xs"
          color="green"
          variant="light"
          aria-label={t('approveLabel', { spot: c.spotNo })}
          onClick={() => onDecide({ opened: c, to: forward })}
          data-testid="case-approve"
        >
          {t('approve')}
        </Button>
      ) : null}
      {back ? (
        <Button
          size="compact-xs"
          color="orange"
          variant="light"
          aria-label={t('sendBackLabel', { spot: c.spotNo })}
          onClick={() => onDecide({ opened: c, to: SEND_BACK })}
          data-testid="case-send-back"
        >
          {t('sendBack')}
        </Button>
      ) : null}
    </Group>
  );
}

export function SpotConfirmScreen({ roles }: { roles: VerifyRole[]; admin: boolean }) {
  const t = useTranslations('VerifyList');
  const [tab, setTab] = useState<ConfirmTab>('queue');
  const [form, setForm] = useState<FilterValue>({ ...EMPTY_FILTERS, region: homeRegion(roles) ?? '' });
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const base = useMemo(() => toListFilters(form), [form]);
  const filters = useMemo<CaseListFilters>(() => ({ ...base, ...TAB_FILTERS[tab] }), [base, tab]);
  const list = useCaseList(filters, 'due', page, PAGE_SIZE);
  const data = list.data;
  const current = decision ? (data?.list.find((c) => c.id === decision.opened.id) ?? null) : null;

  return (
    <Stack gap="md">
      <CaseFilters
        value={form}
        roles={roles}
        show={['batch', 'region', 'verdict', 'changeType', 'overdue', 'q']}
        onApply={(next) => {
          setForm(next);
          setPage(1);
        }}
      />
      {done ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
          closeButtonLabel={t('dismiss')}
          data-testid="decision-done"
        >
          {done}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(v) => {
          if (!v) return;
          setTab(v as ConfirmTab);
          setPage(1);
          setDone(null);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {CONFIRM_TABS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`confirm-tab-${k}`}>
              {t(`confirm.tabs.${k}`)}
              <TabCount filters={base} tab={k} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CONFIRM_TABS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <Stack gap="sm" aria-busy={list.isFetching}>
                <Text size="sm" c="gray.7">
                  {t(`confirm.hints.${k}`)}
                </Text>
                {data ? (
                  <Text size="sm" c="gray.7" data-testid="case-total" data-total={data.total}>
                    {t('total', { total: data.total, overdue: data.overdue })}
                  </Text>
                ) : null}
                {list.isPending ? (
                  <LoadingRows label={t('loading')} count={5} height={36} />
                ) : list.isError && !data ? (
                  <LoadFailed title={t('loadFailed')} message={list.error.message} retry={t('retry')} onRetry={list.refetch} />
                ) : !data || data.total === 0 ? (
                  <Text c="gray.7" data-testid="case-empty">
                    {t(`confirm.empty.${k}`)}
                  </Text>
                ) : (
                  <>
                    <CaseTable
                      cases={data.list}
                      caption={t(`confirm.tabs.${k}`)}
                      activeId={decision?.opened.id}
                      minWidth={820}
                      extra={[{ header: t('table.actions'), cell: (c) => <Actions c={c} onDecide={setDecision} /> }]}
                    />
                    <CasePager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
                  </>
                )}
              </Stack>
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
      <DecisionDialog
        decision={decision}
        current={current}
        onClose={() => setDecision(null)}
        onDone={(message) => {
          setDecision(null);
          setDone(message);
        }}
      />
    </Stack>
  );
}
