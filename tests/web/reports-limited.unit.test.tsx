import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminSession } from '../../contracts/admin/roles.js';
import { queryKeys } from '../../web/core/queryKeys.js';
import { ReportsPanel } from '../../web/admin/ReportsPanel.js';

/**
 * Issue 41 item 5: a manager limited to a location reads her location's revenue and funnel; the
 * server answers her nothing else (service/reports/report-scope.ts), so the tab asks nothing else.
 */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

function render(session: AdminSession) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.adminMe(), session);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <ReportsPanel />
    </QueryClientProvider>,
  );
  const asked = client
    .getQueryCache()
    .findAll()
    .filter((q) => (q.options as { enabled?: boolean }).enabled !== false)
    .map((q) => JSON.stringify(q.queryKey));
  return { html: text(html), asked };
}

describe('the Reports tab', () => {
  it('given a manager limited to Frisco, then the revenue and the funnel are asked for Frisco, and the whole school’s figures are neither asked nor offered', () => {
    const { html, asked } = render({ id: 'a1', name: 'Dana', role: 'manager', locationIds: ['frisco'] });
    const revenue = asked.filter((k) => k.includes('/api/admin/reports/revenue'));
    expect(revenue.length).toBeGreaterThan(0);
    expect(revenue.every((k) => k.includes('"locationId":"frisco"'))).toBe(true);
    expect(asked.some((k) => k.includes('/api/admin/reports/funnel') && k.includes('frisco'))).toBe(true);
    expect(asked.some((k) => /liabilities|attendance|instructors/.test(k))).toBe(false);
    expect(html).toContain('the owner reads them');
    expect(html).not.toContain('Journal for QuickBooks');
  });

  it('given the owner, then every report is asked for the whole school', () => {
    const { html, asked } = render({ id: 'o1', name: 'Olivia', role: 'owner' });
    expect(asked.some((k) => k.includes('locationId'))).toBe(false);
    expect(asked.some((k) => k.includes('liabilities'))).toBe(true);
    expect(asked.some((k) => k.includes('/api/admin/reports/attendance'))).toBe(true);
    expect(html).toContain('Journal for QuickBooks');
  });
});
