'use client';
/** The answer to an action a user just took: a polite status when it worked, an alert when it did not. */
import { Alert, type AlertProps } from '@mantine/core';

export interface Notice {
  ok: boolean;
  text: string;
}

export function ResultNotice({ notice, testId, ...props }: { notice: Notice | null; testId: string } & Omit<AlertProps, 'color' | 'role'>) {
  if (!notice) return null;
  return (
    <Alert color={notice.ok ? 'teal' : 'red'} role={notice.ok ? 'status' : 'alert'} data-testid={testId} {...props}>
      {notice.text}
    </Alert>
  );
}
