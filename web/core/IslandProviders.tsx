import type { ReactNode } from 'react';
import { SiteProvider, type SiteInfo } from '../core/site.js';

/**
 * What every island renders in, alike on the server and in the browser (as App gives the whole
 * app). Not the locale: an island whose parts read it wraps itself in SchoolLocale, so the pages
 * whose islands do not (the header, the carousel) load and run no locale data.
 */
export function IslandProviders({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteProvider value={site}>{children}</SiteProvider>;
}
