import { ApiClientError } from './api';
import { sessionInfoUnusable } from './session-hint';

describe('session hint', () => {
  it('survives loads that did not finish, and goes when the server’s answer was unusable', () => {
    // Navigating on while the user info loads aborts the request or its script chunk: not a logout.
    expect(sessionInfoUnusable(new TypeError('Failed to fetch'))).toBe(false);
    expect(sessionInfoUnusable(new Error('Loading chunk 123 failed'))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('network', 'offline'))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('busy', 'busy', 503))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('http', 'error', 500))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('http', 'slow down', 429))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('unauthorized', 'expired', 401))).toBe(false);
    expect(sessionInfoUnusable(new ApiClientError('code', 'refused', 200, 403))).toBe(true);
    expect(sessionInfoUnusable(new ApiClientError('invalid', 'malformed', 200))).toBe(true);
    expect(sessionInfoUnusable(new ApiClientError('http', 'bad', 400))).toBe(true);
  });
});
