import { createContext, use, useId, type ComponentType, type ReactElement } from 'react';
import type { IslandHydration } from '../../contracts/site/ssr.js';

/** One island of a server-rendered page: what the browser needs to hydrate it alone. */
export interface IslandRecord {
  name: string;
  /** The island's own root: its element's `data-island` and the prefix of the ids React gives inside it. */
  id: string;
  props: unknown;
  hydrate: IslandHydration;
}

/**
 * Given by the server renderer to a page rendered as islands. Absent everywhere else (the server
 * rendering a page the whole app hydrates, the app in the browser), and then an island is simply
 * its component, in place.
 */
export interface IslandServer {
  /** The island rendered alone, as the browser will hydrate it (own root, ids under its prefix); one promise per id. */
  html(id: string, element: ReactElement): Promise<string>;
  islands: Map<string, IslandRecord>;
}

export const IslandServerContext = createContext<IslandServer | null>(null);

/**
 * Marks a component as an island: on a page rendered as islands, the only part of it the browser
 * hydrates (the rest stays the server's HTML, with no JavaScript). Its props must be JSON: they
 * travel in the page. The name is the island's entry in contracts/site/pages.ts (ISLANDS)
 * (the server renderer refuses a name it does not find there). `hydrate` says when the browser
 * takes it over (see IslandHydration): at once by default.
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  { hydrate = 'load' }: { hydrate?: IslandHydration } = {},
): ComponentType<P> {
  function Island(props: P) {
    const server = use(IslandServerContext);
    const reactId = useId();
    if (!server) return <Component {...props} />;
    const id = `${name}${reactId.replace(/[^\w-]/g, '')}-`;
    server.islands.set(id, { name, id, props, hydrate });
    const html = use(server.html(id, <Component {...props} />));
    return <div data-island={id} className="island" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
