import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * What the page knows about where and when it was made: the site's public origin (for canonical
 * and share links: PUBLIC_URL, else the address the server was asked at) and, while the client
 * hydrates the server's HTML, the moment the server rendered it, so the first render on the client
 * decides open, full or past exactly as the server did.
 */
export interface SiteInfo {
  origin: string;
  /** The server's "now" while hydrating; null once the page is the client's own. */
  renderedAt: () => Date | null;
}

const SiteContext = createContext<SiteInfo>({
  origin: typeof window === 'undefined' ? '' : window.location.origin,
  renderedAt: () => null,
});

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export const useSiteOrigin = () => useContext(SiteContext).origin;

/**
 * One "now" per page view. Hydrating the server's HTML, the server's first (so both render alike),
 * then at once the visitor's own clock, which decides from then on, as on a page the client rendered.
 */
export function useVisitNow(): Date {
  const { renderedAt } = useContext(SiteContext);
  const [{ now, fromServer }, setNow] = useState(() => {
    const server = renderedAt();
    return { now: server ?? new Date(), fromServer: server !== null };
  });
  useEffect(() => {
    if (fromServer) setNow({ now: new Date(), fromServer: false });
  }, [fromServer]);
  return now;
}
