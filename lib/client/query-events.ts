/**
 * What the query cache reports to the rest of the app, without loading React Query: the app shell sets the error
 * handler (a notification) and asks for a reset on logout; the query client (lib/client/query-client.ts) wires
 * itself to both when it is first created. Pages that never run a query never load React Query.
 */
type ErrorHandler = (error: unknown) => void;

let errorHandler: ErrorHandler = () => {};
const resetters = new Set<() => void>();

export function setQueryErrorHandler(handler: ErrorHandler): void {
  errorHandler = handler;
}

export function reportQueryError(error: unknown): void {
  errorHandler(error);
}

/** Registers what a reset does (clear the cache); returns the unregistration. */
export function onQueriesReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

/** Forgets every cached answer (logout, expired login). */
export function resetQueries(): void {
  for (const reset of resetters) reset();
}
