import { PAGE_ROUTES, ROBOTS_DISALLOW } from '../../contracts/site/routes.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** The site's address without a trailing slash: PUBLIC_URL, else the address the request came to. */
export const siteOrigin = (publicUrl: string | undefined, requestUrl: string) =>
  (publicUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every public page of the route table: the fixed ones, each program by slug and each workshop's enroll page. */
export function sitemapPaths(programs: Program[], workshops: Workshop[]): string[] {
  const paths: string[] = [];
  for (const route of PAGE_ROUTES) {
    if (route.kind !== 'public') continue;
    if (route.lookup === 'program')
      paths.push(...programs.map((p) => route.path.replace(':slug', encodeURIComponent(p.slug))));
    else if (route.lookup === 'workshop')
      paths.push(...workshops.map((w) => route.path.replace(':id', encodeURIComponent(w.id))));
    else paths.push(route.path);
  }
  return paths;
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
