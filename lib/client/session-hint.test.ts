/**
 * @jest-environment jsdom
 */
import { ApiClientError } from './api';
import { forgetUser, offlineFailure, rememberedUser, rememberUser, sessionInfoUnusable } from './session-hint';

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

describe('the user kept for offline pages (issue 34.2)', () => {
  const user = { id: '4', username: 'demo-county', accountType: 1, permissions: ['MOD_056'] };
  beforeEach(() => localStorage.clear());

  it('keeps the signed-in user and gives it back, until signing out forgets it', () => {
    expect(rememberedUser()).toBeNull();
    rememberUser(user);
    expect(rememberedUser()).toEqual(user);
    forgetUser();
    expect(rememberedUser()).toBeNull();
  });

  it('never trusts a stored value that is not a user', () => {
    for (const value of [
      '{',
      '[]',
      '{"id":4,"username":"x","accountType":1,"permissions":[]}',
      '{"id":"4","username":"x","accountType":1,"permissions":[1]}',
    ])
      expect((localStorage.setItem('portal.lastUser', value), rememberedUser())).toBeNull();
  });

  it('counts only a missing network as offline, not a refusal', () => {
    expect(offlineFailure(new ApiClientError('network', 'offline'))).toBe(true);
    expect(offlineFailure(new ApiClientError('code', 'refused', 200, 403))).toBe(navigator.onLine === false);
  });
});
