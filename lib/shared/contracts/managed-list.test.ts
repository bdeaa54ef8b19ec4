import { localizedIssueKey } from './api';
import { managedOrdersQuerySchema } from './orders-manage';
import { managedRequestsQuerySchema } from './requests-review';

const keyOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : localizedIssueKey(result.error!.issues[0]!.message);

test.each([
  ['orders', managedOrdersQuerySchema, 'OrdersAdmin'],
  ['applications', managedRequestsQuerySchema, 'ApplicationsAdmin'],
] as const)('the %s management list reads the same search fields, told in its own messages', (_, schema, namespace) => {
  expect(schema.parse({ user: '  wang ', dateFrom: '2025-01-01', dateTo: '2025-02-28' })).toMatchObject({
    user: 'wang',
    dateFrom: '2025-01-01',
    dateTo: '2025-02-28',
    pageNum: 1,
  });
  expect(keyOf(schema.safeParse({ dateFrom: '2025-13-45' }))).toBe(`${namespace}.errors.badDate`);
  expect(keyOf(schema.safeParse({ dateTo: '20250101' }))).toBe(`${namespace}.errors.badDate`);
  expect(keyOf(schema.safeParse({ user: 'x'.repeat(65) }))).toBe(`${namespace}.errors.userTooLong`);
});
