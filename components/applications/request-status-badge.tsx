import { Badge } from '@mantine/core';
import { REQUEST_STATUS, type RequestStatus } from '@/lib/shared/orders/model';

const COLORS: Record<RequestStatus, string> = {
  [REQUEST_STATUS.PENDING]: 'yellow',
  [REQUEST_STATUS.APPROVED]: 'green',
  [REQUEST_STATUS.REJECTED]: 'red',
  [REQUEST_STATUS.WITHDRAWN]: 'gray',
};

/** An application's status, named by the REQUEST_STATUS dictionary (the server sends the name). */
export function RequestStatusBadge({ status, name }: { status: RequestStatus; name: string }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" data-testid="request-status" data-status={status}>
      {name}
    </Badge>
  );
}
