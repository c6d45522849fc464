import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { SiteProvider, type SiteInfo } from '../core/site.js';

/** What every island renders in, alike on the server and in the browser (as App gives the whole app). */
export function IslandProviders({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return (
    <I18nProvider locale="en-US">
      <SiteProvider value={site}>{children}</SiteProvider>
    </I18nProvider>
  );
}
