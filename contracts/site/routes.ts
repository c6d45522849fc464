/**
 * The site's page routes, in one table the server reads for status codes, robots.txt and the
 * sitemap. A page added to the web app is added here too, or the server answers it 404.
 *
 * - `public`: a page for everyone, listed in the sitemap (the dynamic ones with their read model).
 * - `unlisted`: a page anyone may open but search engines should not list (admin, payment, tests).
 * `lookup` names the read model a dynamic page's parameter must exist in, else the answer is 404.
 * `ssr`: rendered on the server with its data (readable without JavaScript, found by search
 * engines); the others are the client-rendered shell (forms with state, admin, payment, tests).
 * A path the site does not have is rendered too: the Not Found page, with 404.
 */
export type PageLookup = 'program' | 'workshop';

export interface PageRoute {
  /** The path as the client router writes it: `/program/:slug`. */
  path: string;
  kind: 'public' | 'unlisted';
  lookup?: PageLookup;
  ssr?: boolean;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', kind: 'public', ssr: true },
  { path: '/about', kind: 'public', ssr: true },
  { path: '/programs', kind: 'public', ssr: true },
  { path: '/program/:slug', kind: 'public', lookup: 'program', ssr: true },
  { path: '/contact', kind: 'public', ssr: true },
  { path: '/schedule', kind: 'public', ssr: true },
  { path: '/events', kind: 'public', ssr: true },
  { path: '/terms', kind: 'public', ssr: true },
  { path: '/privacy', kind: 'public', ssr: true },
  { path: '/waitlist/leave', kind: 'unlisted' },
  { path: '/waitlist/confirm', kind: 'unlisted' },
  { path: '/scheduling', kind: 'unlisted', ssr: true },
  { path: '/code-of-conduct', kind: 'public', ssr: true },
  { path: '/photography-release', kind: 'public', ssr: true },
  { path: '/enroll/:id', kind: 'public', lookup: 'workshop' },
  { path: '/checkout/:id', kind: 'unlisted' },
  { path: '/payment-success', kind: 'unlisted' },
  { path: '/order-confirmation', kind: 'unlisted' },
  { path: '/payment-test', kind: 'unlisted' },
  { path: '/test-charge', kind: 'unlisted' },
  { path: '/enrollment-test', kind: 'unlisted' },
  { path: '/free-enrollment-test', kind: 'unlisted' },
  { path: '/admin', kind: 'unlisted' },
  { path: '/admin/enrollments', kind: 'unlisted' },
  { path: '/admin/workshops/:id/roster', kind: 'unlisted' },
  { path: '/booking/:token', kind: 'unlisted' },
  { path: '/admin/enrollments/:id', kind: 'unlisted' },
];

/** Paths robots.txt keeps search engines away from (prefixes). */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/admin',
  '/api/',
  '/checkout/',
  '/payment-success',
  '/order-confirmation',
  '/payment-test',
  '/test-charge',
  '/enrollment-test',
  '/free-enrollment-test',
  '/waitlist/',
  '/booking/',
];

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

const compiled = PAGE_ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // As the client router: case-insensitive, with or without a trailing slash.
  return { route, names, pattern: new RegExp(`^/${source}${source ? '/?' : ''}$`, 'i') };
});

/** The page route a path opens, with its parameters (decoded), or null for a path the site does not have. */
export function matchPage(path: string): RouteMatch | null {
  for (const { route, names, pattern } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return null; // a malformed escape is no page
    }
    return { route, params };
  }
  return null;
}
