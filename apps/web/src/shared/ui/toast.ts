/**
 * Toasts and the global loading indicator. antd-mobile's Toast is loaded on first use so it stays out of the
 * first screen's bundle; calls made before it arrives keep their order.
 */
import type * as ToastImpl from './toast-impl.ts';
import { trackFieldFocus } from './toast-place.ts';

if (typeof document !== 'undefined') trackFieldFocus();

type Impl = typeof ToastImpl;
let implPromise: Promise<Impl> | null = null;
const impl = () => (implPromise ??= import('./toast-impl.ts'));

export function toastMessage(message: string): void {
  if (!message) return;
  void impl().then((m) => m.showMessage(message));
}

export function toastSuccess(message: string): void {
  if (!message) return;
  void impl().then((m) => m.showSuccess(message));
}

let loadingCount = 0;
let loadingText = '';

export function setLoadingText(text: string): void {
  loadingText = text;
}

export function loadingStart(): void {
  loadingCount += 1;
  if (loadingCount === 1) {
    void impl().then((m) => {
      if (loadingCount > 0) m.showLoading(loadingText);
    });
  }
}

export function loadingStop(): void {
  if (loadingCount === 0) return;
  loadingCount -= 1;
  if (loadingCount === 0) void impl().then((m) => m.hideLoading());
}
