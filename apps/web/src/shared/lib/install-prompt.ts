import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage.ts';

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'tradepad.installDismissed';
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/**
 * Keeps the browser's install offer for the banner instead of the browser's own mini-infobar. Called once at start,
 * before the event can fire.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app can be installed now and the user has not said no to the banner. */
export function useInstallOffer(): { available: boolean; install(): Promise<void>; dismiss(): void } {
  const available = useSyncExternalStore(
    subscribe,
    () => deferred !== null && readStorage(DISMISSED_KEY) !== '1',
    () => false,
  );
  return {
    available,
    async install() {
      const event = deferred;
      if (!event) return;
      deferred = null;
      notify();
      await event.prompt();
      await event.userChoice.catch(() => undefined);
    },
    dismiss() {
      writeStorage(DISMISSED_KEY, '1');
      notify();
    },
  };
}
