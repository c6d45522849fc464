import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { pageSearch, type Page } from '../../contracts/site/pages.js';
import type { RenderPage } from '../../contracts/site/ssr.js';
import type { AccountView } from '../../contracts/account/api.js';
import type { AppDeps } from '../core/deps.js';
import { PUBLIC_READ_CACHE, type HotReads } from '../core/hot-reads.js';
import { PreparedBody, sendPrepared } from '../core/prepared-body.js';
import { carriesSecret, SECRET_PAGE_CACHE } from '../core/security-headers.js';
import { siteOrigin } from './origin.js';
import { pageReaders, snapshotOf, type ReadSnapshot } from './page-reads.js';
import { RenderGate, RendersBusyError, type RenderGateOptions } from './render-gate.js';
import { pageAssets, pageDocument, pageTemplate, type Manifest, type PageTemplate } from './page-template.js';

/** The built renderer and what it fills: dist/server/entry-server.js, dist/index.html and the build manifest. */
export interface ServerRenderer {
  render: RenderPage;
  template: PageTemplate;
  manifest: Manifest;
  /** A built stylesheet's text, read once (pages inline their CSS). */
  cssText(file: string): string;
}

/**
 * Loads the web app's server build from a built folder, or null when it is not there (the pages
 * are then the client-rendered shell, as before server rendering). A dynamic import of the built
 * file: the service never imports web/ source.
 */
export async function loadServerRenderer(dist: string): Promise<ServerRenderer | null> {
  const entry = join(dist, 'server', 'entry-server.js');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const template = pageTemplate(readFileSync(join(dist, 'index.html'), 'utf8'));
  if (!template) return null;
  const module = (await import(pathToFileURL(entry).href)) as { render: RenderPage };
  const styles = new Map<string, string>();
  const cssText = (file: string) => {
    let text = styles.get(file);
    if (text === undefined) styles.set(file, (text = readFileSync(join(dist, file), 'utf8')));
    return text;
  };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return { render: module.render, template, manifest, cssText };
}

/** Rendered pages kept, at most, in each of two tiers: each is a few tens of KB. */
const MAX_PAGES = 200;

/** How long a visitor refused for too many renders at once is asked to wait. */
const BUSY_RETRY_SECONDS = 2;

const BUSY_PAGE = Buffer.from(
  '<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>One moment, please | Great Lakes Etiquette</title></head><body><main><h1>One moment, please</h1>' +
    '<p>The site is busy just now. Please try again in a few seconds.</p><p><a href="/">Great Lakes Etiquette</a></p></main></body></html>',
);

interface CachedPage {
  minute: number;
  /** The values of the hot reads the page was rendered from (see page-reads.ts), compared by identity. */
  values: unknown[];
  body: PreparedBody;
}

/** A few pages kept in the order they were last asked for; the oldest goes first. */
class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  constructor(private readonly max: number) {}
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }
  set(key: string, page: CachedPage): void {
    this.pages.delete(key);
    if (this.pages.size >= this.max) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
  }
}

const sameValues = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The address a page is written at: lower case, no trailing slash (as its canonical link). */
const isCanonicalPath = (pathname: string) => pathname === (pathname.toLowerCase().replace(/\/+$/, '') || '/');

/** An address no page has: every path the site does not have is rendered as this one. */
const NO_SUCH_PAGE = '/404';

/**
 * What a 404 is rendered and kept as: one address per kind of page that is not there, whatever was
 * asked. A path the site does not have is NO_SUCH_PAGE; a program or workshop that is not there is
 * its page's own path pattern (`/enroll/:id`: `:id` names no workshop, so the page shows Workshop
 * Not Found). Nothing of the address asked is in the page (no canonical link, the header's props
 * name the pattern), so one render serves every random path, and none can force another.
 */
export const notFoundAddress = (page: Page) => (page.path === '*' ? NO_SUCH_PAGE : page.path);

export interface ServerRenderOptions {
  /** Renders under way at once and waiting (service/site/render-gate.ts). */
  renders?: RenderGateOptions;
  /**
   * The family of the parent signed in on a request, for a page whose entry says `family`
   * (service/account/account-view.ts: read only); null for anyone else.
   */
  family?: (c: Context) => Promise<AccountView | null>;
}

/** A family page asked without a session: the same for all, but checked each time (a sign-in may have happened since). */
const FAMILY_PAGE_CACHE = 'private, no-cache';

/**
 * Answers public pages rendered on the server, with their data. A page is rendered once per
 * address, catalogue snapshot (the values of the reads its manifest entry names) and minute (the
 * "now" sale states are decided at): the same bytes, so the same ETag and a 304 while nothing
 * moved. Nothing personal is in these pages, so shared caches may keep them briefly; the one
 * exception is a page whose entry says `family`, asked with a session: rendered for that family
 * alone, answered `private, no-store` and never kept (its anonymous copy is `private, no-cache`).
 *
 * Nobody can make it render at will: the address is the page's path with its own query
 * parameters only (pageSearch: `?x=<random>` is the bare page); the origin is the configured one,
 * never the request's Host; one page asked by many at once is rendered once for all; renders are
 * bounded (RenderGate: past a short queue, 503 with Retry-After); every address that is not there
 * shares one Not Found render per kind of page (notFoundAddress); and the pages as written (a known
 * page's own address, no query, and those few Not Found pages) are kept apart from every other
 * variant (filters, case), so a flood of variants cannot push them out.
 */
export function serverRenderedPages(
  deps: AppDeps,
  hot: HotReads,
  renderer: ServerRenderer,
  options: ServerRenderOptions = {},
) {
  const readers = pageReaders(deps);
  const origin = siteOrigin(deps.config);
  const gate = new RenderGate(options.renders);
  const written = new PageCache(MAX_PAGES);
  const variants = new PageCache(MAX_PAGES);
  const rendering = new Map<string, Promise<PreparedBody>>();

  const renderBody = async (key: string, minute: number, snapshot: ReadSnapshot, account?: AccountView) => {
    const rendered = await renderer.render({
      url: key,
      origin,
      now: new Date(minute).toISOString(),
      load: snapshot.load,
      ...(account ? { account } : {}),
    });
    const islandNames = rendered.payload.islands?.map((island) => island.name) ?? [];
    const assets = pageAssets(renderer.manifest, rendered.pages, rendered.hydration, islandNames);
    const html = pageDocument(renderer.template, rendered, assets, renderer.cssText);
    return new PreparedBody(Buffer.from(html), 'text/html; charset=UTF-8');
  };

  const renderPage = async (key: string, minute: number, snapshot: ReadSnapshot, kept: PageCache) => {
    const body = await renderBody(key, minute, snapshot);
    kept.set(key, { minute, values: snapshot.values, body });
    return body;
  };

  const busy = (c: Context) => {
    c.header('Retry-After', String(BUSY_RETRY_SECONDS));
    c.header('Cache-Control', 'no-store');
    return c.body(BUSY_PAGE, 503, { 'Content-Type': 'text/html; charset=UTF-8' });
  };

  return async (c: Context, page: Page, status: 200 | 404): Promise<Response> => {
    const { pathname, search } = new URL(c.req.url);
    const key = status === 404 ? notFoundAddress(page) : `${pathname}${pageSearch(page, search)}`;
    const minute = Math.floor(deps.clock().getTime() / 60_000) * 60_000;
    const snapshot = await snapshotOf(readers, hot, page.reads ?? []);
    // A signed-in parent's own copy: rendered for her family alone, through the same gate, kept nowhere.
    const account = page.family && status === 200 && options.family ? await options.family(c) : null;
    if (account) {
      try {
        return sendPrepared(c, await gate.run(() => renderBody(key, minute, snapshot, account)), SECRET_PAGE_CACHE);
      } catch (err) {
        if (err instanceof RendersBusyError) return busy(c);
        throw err;
      }
    }
    // Not Found pages are as few as the kinds of page (see notFoundAddress): kept with the pages as written.
    const asWritten = status === 404 || (key === pathname && isCanonicalPath(pathname));
    const kept = asWritten ? written : variants;
    // A token in the address (the enroll page opened from a waitlist offer), or a family's own
    // record (the checkout's enrollment): the page is the same (the address is read in the
    // browser), but no cache may keep it under that address.
    const cache =
      carriesSecret(c) || page.personal ? SECRET_PAGE_CACHE : page.family ? FAMILY_PAGE_CACHE : PUBLIC_READ_CACHE;
    const cached = kept.get(key);
    if (cached && cached.minute === minute && sameValues(cached.values, snapshot.values))
      return sendPrepared(c, cached.body, cache, status);

    let body = rendering.get(key);
    if (!body) {
      body = gate.run(() => renderPage(key, minute, snapshot, kept)).finally(() => rendering.delete(key));
      rendering.set(key, body);
    }
    try {
      return sendPrepared(c, await body, cache, status);
    } catch (err) {
      if (!(err instanceof RendersBusyError)) throw err;
      return busy(c);
    }
  };
}
