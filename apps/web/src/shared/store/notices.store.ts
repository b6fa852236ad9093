import { create } from 'zustand';
import type { Notice } from '@tradepad/contracts/notices/schemas';

/** The unread count (the bell's badge) and the notices shown as toasts, newest last. */
export interface NoticesState {
  unread: number;
  toasts: Notice[];
  /** Bumped on each new notice, so an open centre reloads. */
  version: number;
  setUnread(unread: number): void;
  received(notice: Notice, unread: number): void;
  dismiss(id: number): void;
  reset(): void;
}

/** At most this many toasts on screen; older ones leave first. */
const MAX_TOASTS = 2;

export const useNoticesStore = create<NoticesState>()((set) => ({
  unread: 0,
  toasts: [],
  version: 0,
  setUnread: (unread) => set({ unread: Math.max(0, unread) }),
  received: (notice, unread) =>
    set((s) => ({
      unread,
      version: s.version + 1,
      toasts: [...s.toasts.filter((n) => n.id !== notice.id), notice].slice(-MAX_TOASTS),
    })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((n) => n.id !== id) })),
  reset: () => set({ unread: 0, toasts: [] }),
}));
