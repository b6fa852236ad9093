import { Toast } from './antd.ts';
import { currentToastBand } from './toast-place.ts';

type Handler = ReturnType<typeof Toast.show>;
let loading: Handler | null = null;

/** Keeps a toast off the field being edited (toast-place.ts): its frame is the free band above or below the field. */
function placement() {
  const band = currentToastBand();
  if (!band) return {};
  return {
    maskClassName: 'tp-toast-placed',
    maskStyle: { '--tp-toast-top': `${band.top}px`, '--tp-toast-height': `${band.height}px` } as Record<string, string>,
  };
}

export function showMessage(message: string): void {
  loading = null;
  Toast.show({ content: message, duration: 2500, position: 'center', ...placement() });
}

export function showSuccess(message: string): void {
  loading = null;
  Toast.show({ content: message, icon: 'success', duration: 2000, ...placement() });
}

export function showLoading(text: string): void {
  loading = Toast.show({ content: text || undefined, icon: 'loading', duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  loading?.close();
  loading = null;
}
