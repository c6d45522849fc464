import { PAGES, robotsDisallowed, type Page } from '../../contracts/site/pages.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { PublicLocation } from '../../contracts/locations/location.js';

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** robots.txt: everything allowed but what the page manifest keeps out (contracts/site/pages.ts), and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...robotsDisallowed().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every page the manifest lists in the sitemap: the fixed ones, each program and location by slug and each workshop's enroll page. */
export function sitemapPaths(
  programs: Program[],
  workshops: Workshop[],
  locations: Pick<PublicLocation, 'slug'>[] = [],
): string[] {
  const paths: string[] = [];
  for (const page of PAGES as readonly Page[]) {
    if (page.robots !== 'sitemap') continue;
    if (page.lookup === 'program')
      paths.push(...programs.map((p) => page.path.replace(':slug', encodeURIComponent(p.slug))));
    else if (page.lookup === 'workshop')
      paths.push(...workshops.map((w) => page.path.replace(':id', encodeURIComponent(w.id))));
    else if (page.lookup === 'location')
      paths.push(...locations.map((l) => page.path.replace(':slug', encodeURIComponent(l.slug))));
    else paths.push(page.path);
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
