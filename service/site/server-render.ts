import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { ApiRead, RenderPage } from '../../contracts/site/ssr.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { AppDeps } from '../core/deps.js';
import { PUBLIC_READ_CACHE, type HotReads } from '../core/hot-reads.js';
import { PreparedBody, sendPrepared } from '../core/prepared-body.js';
import { pickProgram, programsRead, workshopsRead } from '../catalogue/hot-catalogue.js';
import { policiesOf } from '../policies/routes.js';
import { siteOrigin } from './sitemap.js';
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

interface Snapshot {
  programs: Program[];
  workshops: Workshop[];
}

/** The public reads a page may ask for, answered from one snapshot of the read models (as the API would). */
function reader(deps: AppDeps, { programs, workshops }: Snapshot) {
  const routes: Array<[RegExp, (m: RegExpExecArray) => ApiRead]> = [
    [/^\/api\/programs$/, () => ({ status: 200, data: programs })],
    [
      /^\/api\/programs\/([^/?]+)$/,
      (m) => {
        const program = pickProgram(programs, decodeURIComponent(m[1]!));
        return program
          ? { status: 200, data: program }
          : { status: 404, error: "The program you're looking for doesn't exist or has been removed." };
      },
    ],
    [/^\/api\/workshops$/, () => ({ status: 200, data: workshops })],
    [/^\/api\/policies$/, () => ({ status: 200, data: policiesOf(deps.config) })],
  ];
  return async (url: string): Promise<ApiRead> => {
    for (const [pattern, read] of routes) {
      const m = pattern.exec(url);
      if (m) return read(m);
    }
    throw new Error(`The server renderer has no read for ${url}.`);
  };
}

/** Rendered pages kept, at most: each is a few tens of KB. */
const MAX_PAGES = 200;

interface CachedPage extends Snapshot {
  minute: number;
  body: PreparedBody;
}

/**
 * Answers public pages rendered on the server, with their data. A page is rendered once per
 * address, origin, catalogue snapshot and minute (the minute is the "now" sale states are decided
 * at): the same bytes, so the same ETag and a 304 while nothing moved. Nothing personal is in
 * these pages (no cookie or session is read), so shared caches may keep them briefly.
 */
export function serverRenderedPages(deps: AppDeps, hot: HotReads, renderer: ServerRenderer) {
  const programs = programsRead(deps.readStore);
  const workshops = workshopsRead(deps.readStore);
  const cache = new Map<string, CachedPage>();

  return async (c: Context, status: 200 | 404): Promise<Response> => {
    const origin = siteOrigin(deps.config.PUBLIC_URL, c.req.url);
    const url = new URL(c.req.url);
    const path = `${url.pathname}${url.search}`;
    const minute = Math.floor(deps.clock().getTime() / 60_000) * 60_000;
    const snapshot = { programs: await hot.value(programs), workshops: await hot.value(workshops) };
    const key = `${origin} ${path}`;
    const kept = cache.get(key);
    if (kept && kept.minute === minute && kept.programs === snapshot.programs && kept.workshops === snapshot.workshops)
      return sendPrepared(c, kept.body, PUBLIC_READ_CACHE, status);

    const page = await renderer.render({
      url: path,
      origin,
      now: new Date(minute).toISOString(),
      load: reader(deps, snapshot),
    });
    const islandNames = page.payload.islands?.map((island) => island.name) ?? [];
    const assets = pageAssets(renderer.manifest, page.pages, page.hydration, islandNames);
    const html = pageDocument(renderer.template, page, assets, renderer.cssText);
    const body = new PreparedBody(Buffer.from(html), 'text/html; charset=UTF-8');
    cache.delete(key);
    if (cache.size >= MAX_PAGES) cache.delete(cache.keys().next().value!);
    cache.set(key, { ...snapshot, minute, body });
    return sendPrepared(c, body, PUBLIC_READ_CACHE, status);
  };
}
