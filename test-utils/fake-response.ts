/**
 * A fetch answer for component tests (jsdom has no Response): the parts the fetch wrapper reads, `json()`
 * and `text()`, readable any number of times, so one answer may serve repeated calls.
 */
export function fakeResponse(body: unknown, status = 200): Response {
  return { status, ok: status >= 200 && status < 300, json: async () => body, text: async () => JSON.stringify(body) } as Response;
}

/** The portal's success envelope around `data`. */
export const envelopeResponse = (data: unknown): Response => fakeResponse({ code: 0, message: '', data });
