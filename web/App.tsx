import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SchoolLocale } from './core/SchoolLocale.js';
import { SiteProvider, type SiteInfo } from './core/site.js';

/**
 * The providers every page renders in, the same on the server and in the browser (so the trees,
 * and the ids `useId` gives, match when the client hydrates), in the school's locale.
 */
export function App({ router, queryClient, site }: { router: ReactNode; queryClient: QueryClient; site: SiteInfo }) {
  return (
    <SchoolLocale>
      <QueryClientProvider client={queryClient}>
        <SiteProvider value={site}>{router}</SiteProvider>
      </QueryClientProvider>
    </SchoolLocale>
  );
}
