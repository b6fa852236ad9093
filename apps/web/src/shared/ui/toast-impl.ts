import { Toast } from './antd.ts';

type Handler = ReturnType<typeof Toast.show>;
let loading: Handler | null = null;

export function showMessage(message: string): void {
  loading = null;
  Toast.show({ content: message, duration: 2500, position: 'center' });
}

export function showSuccess(message: string): void {
  loading = null;
  Toast.show({ content: message, icon: 'success', duration: 2000 });
}

export function showLoading(text: string): void {
  loading = Toast.show({ content: text || undefined, icon: 'loading', duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  loading?.close();
  loading = null;
}
