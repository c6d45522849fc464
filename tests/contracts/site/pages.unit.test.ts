import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import {
  ISLANDS,
  NOT_FOUND_PAGE,
  PAGES,
  islandsOf,
  matchPage,
  pageSearch,
  robotsDisallowed,
  type Page,
} from '../../../contracts/site/pages.js';
import { sitemapPaths } from '../../../service/site/sitemap.js';
import type { Program } from '../../../contracts/catalogue/program.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import viteConfig from '../../../vite.config.js';

const page = (path: string) => PAGES.find((p) => p.path === path)! as Page;

/** A path that opens the page: its parameters filled in. */
const examplePath = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `some-${name}`);

describe('the page manifest: matching', () => {
  it('given the path of every page, with its parameters filled in, then it opens that page, in any case, with or without a trailing slash', () => {
    for (const entry of PAGES) {
      if (entry.path === '/scheduling') continue;
      const path = examplePath(entry.path);
      for (const variant of [path, path.toUpperCase(), `${path}/`.replace('//', '/')])
        expect(matchPage(variant)?.route, variant).toBe(entry);
    }
    expect(matchPage('/admin/workshops/w-1/roster')?.params).toEqual({ id: 'w-1' });
    expect(matchPage('/booking/a%2Fb')?.params).toEqual({ token: 'a/b' });
  });

  it('given one path per page, then no two pages share a path', () => {
    const paths = PAGES.map((p) => p.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the page manifest: robots.txt and the sitemap', () => {
  it('given the pages kept from crawlers, then robots.txt names the API and each once, under the shortest prefix', () => {
    expect(robotsDisallowed()).toEqual([
      '/api/',
      '/waitlist/leave',
      '/waitlist/confirm',
      '/checkout/',
      '/payment-success',
      '/order-confirmation',
      '/payment-test',
      '/test-charge',
      '/enrollment-test',
      '/free-enrollment-test',
      '/admin',
      '/booking/',
      '/private-lessons/',
      '/appointment/',
      '/quote/',
      '/invoice/',
      '/review/',
      '/account',
    ]);
  });

  it('given programs and workshops, then the sitemap lists each page marked for it, the dynamic ones once per record', () => {
    const programs = [{ slug: 'manners & me' }, { slug: 'teen' }] as Program[];
    const workshops = [{ id: 'w1' }, { id: 'w2' }] as Workshop[];
    expect(sitemapPaths(programs, workshops)).toEqual([
      '/',
      '/about',
      '/programs',
      '/program/manners%20%26%20me',
      '/program/teen',
      '/contact',
      '/schedule',
      '/events',
      '/terms',
      '/privacy',
      '/code-of-conduct',
      '/gift-cards',
      '/photography-release',
      '/enroll/w1',
      '/enroll/w2',
    ]);
  });
});

describe('the page manifest: the query a page is rendered for', () => {
  it('given parameters the page does not read, then they are dropped', () => {
    expect(pageSearch(page('/schedule'), '?x=1&utm_source=mail')).toBe('');
    expect(pageSearch(page('/'), '?category=teen')).toBe('');
    expect(pageSearch(page('/schedule'), '')).toBe('');
  });

  it('given the page’s own parameters in any order, then they come in its order, first value only', () => {
    const schedule = page('/schedule');
    expect(pageSearch(schedule, '?date=2025-06-07&x=1&category=teen')).toBe('?category=teen&date=2025-06-07');
    expect(pageSearch(schedule, '?category=adult&category=teen')).toBe('?category=adult');
    expect(pageSearch(page('/programs'), '?category=teens')).toBe('?category=teens');
    expect(pageSearch(page('/contact'), '?sent=contact&ref=x')).toBe('?sent=contact');
  });

  it('given values the page ignores (no such category, no such day), then they are dropped as the page drops them', () => {
    const schedule = page('/schedule');
    for (const search of ['?category=Teen', '?category=', '?date=2025-02-30', '?date=20250607', '?date=tomorrow'])
      expect(pageSearch(schedule, search), search).toBe('');
    expect(pageSearch(page('/programs'), '?category=teen')).toBe('');
    expect(pageSearch(page('/about'), '?sent=contact')).toBe('');
  });
});

describe('the page manifest: islands', () => {
  it('given the build’s configuration, then every island of the manifest is an entry of the browser build, from its module', () => {
    const config = (viteConfig as (env: { isSsrBuild: boolean; command: 'build'; mode: string }) => UserConfig)({
      isSsrBuild: false,
      command: 'build',
      mode: 'production',
    });
    const input = config.build?.rollupOptions?.input as Record<string, string>;
    for (const [name, module] of Object.entries(ISLANDS)) {
      expect(input[name], name).toMatch(new RegExp(`/web/${module.replace('.', '\\.')}$`));
      expect(existsSync(input[name]!), module).toBe(true);
    }
    expect(Object.keys(input).sort()).toEqual(['index', 'islands', ...Object.keys(ISLANDS)].sort());
  });

  it('given a page rendered as islands, then it may show the header, the footer’s sign-up and Try again besides its own; a page of another kind names none', () => {
    expect(islandsOf(page('/schedule'))).toEqual([
      'Header',
      'ReloadButton',
      'NewsletterSignup',
      'ScheduleDatePicker',
      'ScheduleList',
    ]);
    expect(islandsOf(NOT_FOUND_PAGE)).toEqual(['Header', 'ReloadButton', 'NewsletterSignup']);
    for (const entry of PAGES as readonly Page[])
      if (entry.render !== 'islands') expect(entry.islands, entry.path).toBeUndefined();
  });

  it('given every page, then its module is a file under web/ and only server-rendered pages name reads or query parameters', () => {
    for (const entry of [...PAGES, NOT_FOUND_PAGE] as readonly Page[]) {
      expect(existsSync(`web/${entry.module}`), entry.module).toBe(true);
      if (entry.render === 'client') expect([entry.reads, entry.query], entry.path).toEqual([undefined, undefined]);
    }
  });
});
