import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One optional button, e.g. "Retry"; pressing it also closes the toast. */
  action?: { label: string; onAction: () => void };
}

export const TOAST_TIMEOUT_MS = 5000;

/** The site's one toast queue. Anything may call `toast(...)`; the region lives in the layout. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 1 });

/**
 * Shows a toast. At most one is on screen: a newer message replaces the older one rather
 * than waiting behind it, so what the visitor reads is always the latest outcome.
 */
export function toast(message: ToastMessage, options: { timeout?: number } = {}): string {
  for (const shown of [...toastQueue.visibleToasts]) toastQueue.close(shown.key);
  return toastQueue.add(message, { timeout: options.timeout ?? TOAST_TIMEOUT_MS });
}
