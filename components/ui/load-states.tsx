'use client';
/**
 * What a list shows before it has rows: skeletons under a labelled status while the first page loads,
 * and the alert with a retry when nothing could be read. Shared by the paged lists, Shopping and My orders.
 */
import { Alert, Button, Skeleton, Stack } from '@mantine/core';

export function LoadingRows({
  label,
  count,
  height,
  radius,
  gap = 'sm',
}: {
  label: string;
  count: number;
  height: number;
  radius?: string;
  gap?: 'xs' | 'sm';
}) {
  return (
    <Stack gap={gap} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} radius={radius} />
      ))}
    </Stack>
  );
}

/** The read failed: a red alert titled `title`, the error's `message` when there is one, and a retry. */
export function LoadFailed({ title, message, retry, onRetry }: { title: string; message?: string; retry: string; onRetry: () => unknown }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
      <Button
        variant="light"
        color="red"
        size="xs"
        {...(message !== undefined ? { mt: 'xs', display: 'block' } : {})}
        onClick={() => void onRetry()}
      >
        {retry}
      </Button>
    </Alert>
  );
}
