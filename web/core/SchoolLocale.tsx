import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

/**
 * en-US whatever the browser says: the school publishes US dates, 12-hour times and dollars, and
 * the server renders in it (so what React hydrates matches). Around the app, and inside each island
 * whose react-aria parts read the locale (an island without them then loads no locale data at all).
 */
export function SchoolLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale="en-US">{children}</I18nProvider>;
}
