import { useEffect, useRef, type PointerEvent } from 'react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type QueuedToast,
} from 'react-aria-components';
import { cx } from './cx.js';
import { toastQueue, type ToastMessage } from './toastQueue.js';
import './Toast.css';

const SWIPE_THRESHOLD_PX = 50;

/** The toasts on screen: loaded with its CSS and react-aria's toast code when the first toast is shown. */
export function ToastViewport() {
  const regionRef = useRef<HTMLDivElement>(null);

  // F8 jumps to the notifications, as the spec's viewport hotkey does.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const region = regionRef.current;
      const target = region?.querySelector<HTMLElement>('[role="alertdialog"]') ?? region;
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <AriaToastRegion queue={toastQueue} ref={regionRef} className="toast-region" aria-label="Notifications (F8)">
      {({ toast: queued }) => <ToastItem queued={queued} />}
    </AriaToastRegion>
  );
}

function ToastItem({ queued }: { queued: QueuedToast<ToastMessage> }) {
  const { title, description, variant = 'default', action } = queued.content;
  const swipe = useSwipeToDismiss(() => toastQueue.close(queued.key));
  return (
    <AriaToast toast={queued} className={cx('toast', `toast--${variant}`)} {...swipe}>
      <AriaToastContent className="toast__content">
        <Text slot="title" className="toast__title">
          {title}
        </Text>
        {description && (
          <Text slot="description" className="toast__description">
            {description}
          </Text>
        )}
      </AriaToastContent>
      {action && (
        <AriaButton
          className="toast__action"
          onPress={() => {
            toastQueue.close(queued.key);
            action.onAction();
          }}
        >
          {action.label}
        </AriaButton>
      )}
      <AriaButton slot="close" className="toast__close" aria-label="Close notification">
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </AriaButton>
    </AriaToast>
  );
}

/** Dragging a toast more than 50 px to the right dismisses it. */
function useSwipeToDismiss(dismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const reset = (el: HTMLElement) => {
    el.style.transform = '';
    el.style.opacity = '';
  };
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button')) return;
      start.current = { x: event.clientX, id: event.pointerId };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - start.current.x);
      event.currentTarget.style.transform = `translateX(${dx}px)`;
      event.currentTarget.style.opacity = String(Math.max(0.3, 1 - dx / 200));
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      const dx = event.clientX - start.current.x;
      start.current = null;
      if (dx > SWIPE_THRESHOLD_PX) dismiss();
      else reset(event.currentTarget);
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      start.current = null;
      reset(event.currentTarget);
    },
  };
}
