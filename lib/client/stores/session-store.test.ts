import { cartBadge, selectLoggedIn, selectPermissions } from './selectors';
import { useSessionStore } from './session-store';

beforeEach(() => useSessionStore.getState().clearSession());

describe('session store', () => {
  it('caps the cart badge at 99+ (spec §4)', () => {
    expect(cartBadge(0)).toBe('0');
    expect(cartBadge(99)).toBe('99');
    expect(cartBadge(100)).toBe('99+');
  });

  it('remembers the target and runs queued work once after login (spec §4)', () => {
    const queued = jest.fn();
    useSessionStore.getState().openLogin({ target: '/monitor/landcover', then: queued });
    expect(useSessionStore.getState().loginOpen).toBe(true);
    expect(useSessionStore.getState().completeLogin()).toBe('/monitor/landcover');
    expect(queued).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().completeLogin()).toBeNull();
    expect(queued).toHaveBeenCalledTimes(1);
  });

  it('forgets the target and queue when the dialog is closed', () => {
    const queued = jest.fn();
    useSessionStore.getState().openLogin({ target: '/x', then: queued });
    useSessionStore.getState().closeLogin();
    expect(useSessionStore.getState().completeLogin()).toBeNull();
    expect(queued).not.toHaveBeenCalled();
  });

  it('clears user, cart count and pending target on logout', () => {
    const s = useSessionStore.getState();
    s.setUser({ id: '1', username: 'u', accountType: 1, permissions: ['MOD_061'] });
    s.setCartCount(120);
    s.openLogin({ target: '/x' });
    s.clearSession();
    const after = useSessionStore.getState();
    expect([after.user, after.cartCount, after.pendingTarget, after.loginOpen]).toEqual([null, 0, null, false]);
  });

  it('derives the viewer for menu rules, each part keeping its identity while the session does', () => {
    const before = useSessionStore.getState();
    expect([selectLoggedIn(before), selectPermissions(before)]).toEqual([false, []]);
    // No session: the same empty list on every read, so the menu is not recomputed on each store change.
    expect(selectPermissions(useSessionStore.getState())).toBe(selectPermissions(before));
    useSessionStore.getState().setUser({ id: '1', username: 'u', accountType: 1, permissions: ['MOD_056'] });
    const after = useSessionStore.getState();
    expect([selectLoggedIn(after), selectPermissions(after)]).toEqual([true, ['MOD_056']]);
    useSessionStore.getState().setCartCount(3);
    expect(selectPermissions(useSessionStore.getState())).toBe(selectPermissions(after));
  });
});
