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
import { PagedList, type PagedListProps } from '@/components/ui/paged-list';

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

export interface ReviewQueueProps<T> {
  title: ReactNode;
  intro: ReactNode;
  /** Id of the list section's title (the section is labelled by it). */
  listId: string;
  listTitle: ReactNode;
  /** The count line beside the list's title; null until the list has loaded. */
  count: ReactNode | null;
  countTestId: string;
  filters: ReactNode;
  list: PagedListProps<T>;
  /** The opened item's dialog. */
  dialog: ReactNode;
  /** More sections under the list (e.g. reports). */
  children?: ReactNode;
}

export function ReviewQueue<T>({ title, intro, listId, listTitle, count, countTestId, filters, list, dialog, children }: ReviewQueueProps<T>) {
  return (
    <Stack gap="lg">
      <ScreenHeading title={title} intro={intro} />
      <ListSection id={listId} title={listTitle} count={count} countTestId={countTestId}>
        {filters}
        <PagedList {...list} />
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
