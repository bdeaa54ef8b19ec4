import { create, type StateCreator } from 'zustand';
import { devtools } from 'zustand/middleware';
import { createLoginSlice, createSessionSlice, type LoginSlice, type SessionSlice } from './slices/session-slice';

export type SessionStore = SessionSlice & LoginSlice;

const slices: StateCreator<SessionStore> = (...a) => ({ ...createSessionSlice(...a), ...createLoginSlice(...a) });

// The devtools middleware (~3 KB gzip, on every page) is only wanted while developing; the production
// build folds this condition and drops it.
export const useSessionStore =
  process.env.NODE_ENV === 'development' ? create<SessionStore>()(devtools(slices, { name: 'session' })) : create<SessionStore>()(slices);
