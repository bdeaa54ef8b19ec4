import type { StateCreator } from 'zustand';
import { forgetUser } from '../../session-hint';

/** The signed-in user as the header and menus need it; the accounts issue fills it from userinfo/detail. */
export interface SessionUser {
  id: string;
  username: string;
  accountType: number;
  permissions: string[];
}

export interface SessionSlice {
  user: SessionUser | null;
  cartCount: number;
  setUser: (user: SessionUser | null) => void;
  setCartCount: (count: number) => void;
}

export const createSessionSlice: StateCreator<SessionSlice & LoginSlice, [], [], SessionSlice> = (set) => ({
  user: null,
  cartCount: 0,
  setUser: (user) => set({ user }),
  setCartCount: (cartCount) => set({ cartCount: Math.max(0, Math.floor(cartCount)) }),
});

/** The login dialog slot and the navigation it defers (spec §4: remember the target, run queued work after login). */
export interface LoginSlice {
  loginOpen: boolean;
  /** The security-upgrade dialog (spec §2): login answered code 2. */
  upgradeOpen: boolean;
  openUpgrade: () => void;
  closeUpgrade: () => void;
  pendingTarget: string | null;
  queued: Array<() => void>;
  openLogin: (options?: { target?: string; then?: () => void }) => void;
  closeLogin: () => void;
  /** After a successful login: hands back the target and runs the queued callbacks once. */
  completeLogin: () => string | null;
  /** Logout (spec §4): clears the user, cart count, pending target and queue. */
  clearSession: () => void;
}

export const createLoginSlice: StateCreator<SessionSlice & LoginSlice, [], [], LoginSlice> = (set, get) => ({
  loginOpen: false,
  upgradeOpen: false,
  openUpgrade: () => set({ loginOpen: false, upgradeOpen: true, pendingTarget: null, queued: [] }),
  closeUpgrade: () => set({ upgradeOpen: false }),
  pendingTarget: null,
  queued: [],
  openLogin: (options) =>
    set((state) => ({
      loginOpen: true,
      pendingTarget: options?.target ?? state.pendingTarget,
      queued: options?.then ? [...state.queued, options.then] : state.queued,
    })),
  closeLogin: () => set({ loginOpen: false, pendingTarget: null, queued: [] }),
  completeLogin: () => {
    const { pendingTarget, queued } = get();
    set({ loginOpen: false, pendingTarget: null, queued: [] });
    for (const run of queued) run();
    return pendingTarget;
  },
  clearSession: () => {
    // Signed out: the user kept for offline pages goes too.
    forgetUser();
    set({ user: null, cartCount: 0, pendingTarget: null, queued: [], loginOpen: false, upgradeOpen: false });
  },
});
