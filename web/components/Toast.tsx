import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastQueue } from './toastQueue.js';

export { toast, toastQueue, TOAST_TIMEOUT_MS, type ToastMessage } from './toastQueue.js';

// Most visits never show a toast: the region's code (react-aria's toast, landmark and strings) and
// its CSS load with the first one.
const ToastViewport = lazy(async () => ({ default: (await import('./ToastViewport.js')).ToastViewport }));

const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const anyToast = () => toastQueue.visibleToasts.length > 0;

/** Lives in the layout. React-aria's region renders nothing without a toast, so waiting for one changes nothing. */
export function ToastRegion() {
  const shown = useSyncExternalStore(subscribe, anyToast, () => false);
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  return needed || shown ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}
