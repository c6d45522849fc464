import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * What the page knows about where and when it was made: the site's public origin (for canonical
 * and share links: PUBLIC_URL, else the address the server was asked at) and the moment the server
 * rendered it (null for a page the client rendered itself).
 */
export interface SiteInfo {
  origin: string;
  renderedAt: Date | null;
}

const SiteContext = createContext<SiteInfo>({
  origin: typeof window === 'undefined' ? '' : window.location.origin,
  renderedAt: null,
});

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export const useSiteOrigin = () => useContext(SiteContext).origin;

const noSubscription = () => () => undefined;

/**
 * True on the server and while React hydrates the server's HTML (React reads the server snapshot
 * then, per component, however late a Suspense boundary hydrates), false on the client afterwards.
 */
const useServerPass = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * One "now" per page view. On the server and while hydrating, the server's moment (so both render
 * alike); then the visitor's own clock, taken when the page first rendered, decides from then on.
 */
export function useVisitNow(): Date {
  const { renderedAt } = useContext(SiteContext);
  const serverPass = useServerPass();
  const [clientNow] = useState(() => new Date());
  return serverPass && renderedAt ? renderedAt : clientNow;
}
