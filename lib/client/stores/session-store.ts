import { create } from 'zustand';
import { devtools } from 'zustand/middleware';
import { createLoginSlice, createSessionSlice, type LoginSlice, type SessionSlice } from './slices/session-slice';

export type SessionStore = SessionSlice & LoginSlice;

export const useSessionStore = create<SessionStore>()(
  devtools((...a) => ({ ...createSessionSlice(...a), ...createLoginSlice(...a) }), {
    name: 'session',
    enabled: process.env.NODE_ENV === 'development',
  }),
);
