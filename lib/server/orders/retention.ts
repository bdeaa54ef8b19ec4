import 'server-only';
/**
 * An expired order's packages are deleted: inside the expiring transaction its items stop naming their
 * files (they keep their size and download count), and after it commits each file no other item names
 * any more is removed from the store. A crash between the two leaves a file nobody names, never an item
 * naming a missing file.
 */
import type { Queryable } from '../db/types';
import type { FileStore } from '../files';
import { log } from '../log';

/** Under the order's lock, in the transaction that expires it: the package keys its items gave up. */
export async function releasePackages(tx: Queryable, orderId: number): Promise<string[]> {
  const rows = await tx.query<{ key: string }>(
    `UPDATE order_items i SET package_key = NULL FROM order_items old
      WHERE i.id = old.id AND i.order_id = $1 AND old.package_key IS NOT NULL
      RETURNING old.package_key AS key`,
    [orderId],
  );
  return [...new Set(rows.map((r) => r.key))];
}

/** After the commit: removes those of `keys` that no order item names any more. */
export async function deleteUnusedPackages(db: Queryable, store: FileStore, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const used = await db.query<{ key: string }>('SELECT DISTINCT package_key AS key FROM order_items WHERE package_key = ANY ($1::text[])', [
    [...keys],
  ]);
  const keep = new Set(used.map((r) => r.key));
  for (const key of keys) {
    if (keep.has(key)) continue;
    try {
      await store.delete(key);
    } catch (error) {
      log.warn('expired package not deleted', { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
