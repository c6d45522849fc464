import type { AccountView } from '../account/api.js';
import type { PageRead } from './pages.js';

/**
 * The bargain between the service and the web app's server renderer (web/entry-server.tsx, built
 * by `vite build --ssr` and loaded by the service at run time): the service passes the address and
 * a loader over its read models; the renderer answers the page's markup and what the client needs
 * to hydrate it.
 */

/** A public read as `GET /api/...` would answer it, from the read models in the same process. */
export type ApiRead = { status: 200; data: unknown } | { status: 404; error: string };

export interface RenderRequest {
  /** Path and query, e.g. `/schedule?category=teen`: the query has only the page's own parameters (pageSearch). */
  url: string;
  /** The site's address without a trailing slash: PUBLIC_URL, else `http://localhost:<PORT>`; never the request's Host. */
  origin: string;
  /** The instant the page is rendered at (ISO): sale states (open, full, past) are decided at it. */
  now: string;
  /** One of the reads the page's manifest entry names, with the page's path parameters. */
  load: (read: PageRead, params: Record<string, string>) => Promise<ApiRead>;
  /**
   * The signed-in parent's family as `GET /api/account` answers it, on a page whose entry says
   * `family` asked with a session: the page is then rendered for that family alone (never kept).
   */
  account?: AccountView;
}

/**
 * When an island hydrates: as the page loads; once it comes near the screen (parts below the
 * fold); or at the visitor's first press, tap, key or focus anywhere on the page (parts on the
 * first screen that are read before they are used: the first paint then has the main thread
 * alone). A press made before an island is live is kept and made again once it is (web/islands.tsx).
 */
export type IslandHydration = 'load' | 'visible' | 'interaction';

/** One island of a rendered page, as the browser needs it to hydrate that island alone. */
export interface IslandOfPage {
  /** Its name in contracts/site/pages.ts (ISLANDS): also the name its module exports it under. */
  name: string;
  /** Its root's `data-island`, and the prefix of the ids React gives inside it. */
  id: string;
  props: unknown;
  hydrate?: IslandHydration;
  /** Its chunk and every chunk that imports, from the build manifest (the service adds them). */
  module?: string;
  imports?: string[];
}

/** Handed to the client in a JSON data block (no inline script: the CSP allows none). */
export interface SsrPayload {
  origin: string;
  now: string;
  /** @tanstack/react-query's dehydrated state, keyed by the client's own query keys (pages the whole app hydrates). */
  queries?: unknown;
  /** The islands to hydrate, on a page rendered as islands: each its registry name, root id and props. */
  islands?: IslandOfPage[];
}

/**
 * How the browser takes a rendered page over: the whole app hydrates it (pages with forms
 * throughout), or only its islands do (the public pages parents read first, which then load React
 * and the few components they use, not the router or the data layer).
 */
export type Hydration = { mode: 'app' } | { mode: 'islands' };

export interface RenderedPage {
  /** Elements React hoisted for the document's head: title, meta, canonical link. */
  head: string;
  /** The app's markup, for inside `#root`. */
  body: string;
  payload: SsrPayload;
  /** The modules of the lazy pages rendered (as the page manifest names them), whose chunks and CSS the head names. */
  pages: string[];
  hydration: Hydration;
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;

/** The id of the `<script type="application/json">` holding the payload. */
export const SSR_PAYLOAD_ID = 'ssr-data';

/**
 * JSON that can sit inside a `<script>` element: `<` written as \u003c, so no `</script>` or
 * `<!--` can end or change the element, whatever the data holds. U+2028 and U+2029 are escaped as well.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
