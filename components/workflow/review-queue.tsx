'use client';
/**
 * The review queue of a workflow's administrators' screen (orders, applications, feedback): the heading,
 * the list section with its count, the screen's filter, the paged list of items, and the detail dialog of
 * the opened item. Each screen gives its own filter, row content and dialog; the frame, the paging and the
 * open/close state are this one component's.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ListSection, ScreenHeading } from '@/components/ui/list-section';
import { PagedList, type PagedListLabels, type PagedListProps } from '@/components/ui/paged-list';

/** The queue's state: the applied filter, the page (back to 1 when the filter changes), the opened item. */
export function useReviewQueue<F>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  return {
    filter,
    page,
    openId,
    applyFilter: (next: F) => {
      setFilter(next);
      setPage(1);
    },
    setPage,
    open: setOpenId,
    close: () => setOpenId(null),
  };
}

type Queue = ReturnType<typeof useReviewQueue<unknown>>;
type PageData = { list: readonly unknown[]; total: number };
type ItemOf<D extends PageData> = D['list'][number];

export interface ReviewQueueProps<D extends PageData> {
  /** The queue's state (useReviewQueue): its page and paging. */
  queue: Pick<Queue, 'page' | 'setPage'>;
  /** The list's query (a page of the workflow's review list). */
  query: PagedListProps<ItemOf<D>>['query'] & { data: D | undefined };
  pageSize: number;
  title: ReactNode;
  intro: ReactNode;
  /** Id of the list section's title (the section is labelled by it). */
  listId: string;
  listTitle: ReactNode;
  /** The count line beside the list's title, once the list has loaded. */
  count: (data: D) => ReactNode;
  countTestId: string;
  filters: ReactNode;
  labels: PagedListLabels;
  /** What an empty list says. */
  empty: { text: ReactNode; testId: string };
  row: (item: ItemOf<D>) => ReactNode;
  listTestId?: string;
  /** The opened item's dialog. */
  dialog: ReactNode;
  /** More sections under the list (e.g. reports). */
  children?: ReactNode;
}

export function ReviewQueue<D extends PageData>(props: ReviewQueueProps<D>) {
  const { queue, query, title, intro, listId, listTitle, count, countTestId, filters, empty, dialog, children } = props;
  const data = query.data;
  return (
    <Stack gap="lg">
      <ScreenHeading title={title} intro={intro} />
      <ListSection id={listId} title={listTitle} count={data ? count(data) : null} countTestId={countTestId}>
        {filters}
        <PagedList
          query={query}
          data={data}
          page={queue.page}
          pageSize={props.pageSize}
          onPage={queue.setPage}
          labels={props.labels}
          empty={
            <Text c="gray.7" data-testid={empty.testId}>
              {empty.text}
            </Text>
          }
          row={props.row}
          listTestId={props.listTestId}
        />
      </ListSection>
      {children}
      {dialog}
    </Stack>
  );
}

/**
 * One item of a review queue: its title (labelling it) with its status badges, the lines the screen
 * gives, and the button that opens it.
 */
export function ReviewItem({
  id,
  title,
  badges,
  children,
  action,
  component = 'li',
  testId,
}: {
  /** Id of the item's title. */
  id: string;
  title: ReactNode;
  badges: ReactNode;
  children: ReactNode;
  action: { label: ReactNode; ariaLabel: string; onClick: () => void; variant: 'filled' | 'light' | 'default' };
  /** `li` when the item is the list's row itself, `article` inside the screen's own `li`. */
  component?: 'li' | 'article';
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component={component} aria-labelledby={id} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={id} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {badges}
      </Group>
      {children}
      <Button mt="sm" size="compact-md" variant={action.variant} onClick={action.onClick} aria-label={action.ariaLabel}>
        {action.label}
      </Button>
    </Paper>
  );
}

/** A line of an item's details (who, when, what), wrapping anywhere so long names never overflow. */
export function ReviewItemLine({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text size="sm" c={muted ? 'gray.7' : undefined} mt={4} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
