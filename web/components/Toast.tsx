import { createContext, lazy, Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast, toastQueue, type ToastMessage } from './toastQueue.js';

export { toast, toastQueue, TOAST_TIMEOUT_MS, type ToastMessage } from './toastQueue.js';

// Most visits never show a toast: the region's code (react-aria's toast, landmark and strings) and
// its CSS load with the first one.
const ToastViewport = lazy(async () => ({ default: (await import('./ToastViewport.js')).ToastViewport }));

const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const anyToast = () => toastQueue.visibleToasts.length > 0;

const CARRIED = 'toast-on-next-page';

/**
 * A toast for the page this tab loads next (the enroll form going to the checkout, the checkout to
 * the confirmation): a new document starts with an empty queue, so the message waits in the tab's
 * session storage for the next page's region.
 */
export function toastOnNextPage(message: ToastMessage): void {
  try {
    window.sessionStorage.setItem(CARRIED, JSON.stringify(message));
  } catch {
    // Storage refused: the next page simply shows no toast.
  }
}

function takeCarried(): ToastMessage | null {
  try {
    const stored = window.sessionStorage.getItem(CARRIED);
    window.sessionStorage.removeItem(CARRIED);
    const message = stored ? (JSON.parse(stored) as Partial<ToastMessage>) : null;
    return typeof message?.title === 'string' ? { ...message, title: message.title } : null;
  } catch {
    return null;
  }
}

/** Lives in the layout. React-aria's region renders nothing without a toast, so waiting for one changes nothing. */
export function ToastRegion() {
  const shown = useSyncExternalStore(subscribe, anyToast, () => false);
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  useEffect(() => {
    const carried = takeCarried();
    if (carried) toast(carried);
  }, []);
  return needed || shown ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}

const RegionAbove = createContext(false);

/** Around the layout's page: islands shown inside the app leave their toasts to the layout's region. */
export function LayoutToasts({ children }: { children: ReactNode }) {
  return <RegionAbove value>{children}</RegionAbove>;
}

/**
 * The toasts of an island that may show some (the enroll form, the checkout). On a page rendered
 * as islands the layout's region is the server's HTML, which nothing hydrates, so the island shows
 * its own; inside the app (a page reached by client navigation) the layout's does, and this is nothing.
 */
export function IslandToasts() {
  return use(RegionAbove) ? null : <ToastRegion />;
}
