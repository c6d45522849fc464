import { createElement, use, type ComponentType, type ReactElement } from 'react';

/** A route's page, loaded when first shown; `preload` loads it ahead (before hydration, on the server). */
export interface LazyPage {
  (): ReactElement;
  /** The export's name, which is also its file's name (`SchedulePage` in `SchedulePage.tsx`): the server finds its chunk and CSS by it. */
  pageName: string;
  preload(): Promise<void>;
}

/**
 * One chunk per page: the import() stays in the caller, so the bundler still sees where to split.
 * Unlike React.lazy, a page already loaded renders at once: the client loads the page the server
 * rendered before it hydrates, so hydration keeps the server's HTML instead of suspending.
 * Pages take no props: what they show comes from the address.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk (say, replaced by a deploy) is tried again next time
        throw error;
      },
    ));
  const Page = () => {
    if (!loaded) use(preload());
    return createElement(loaded!);
  };
  Page.displayName = name;
  return Object.assign(Page, { pageName: name, preload });
}

/** The lazy page a route element shows, if it is one. */
export function lazyPageOf(element: unknown): LazyPage | undefined {
  const type = (element as { type?: unknown } | null)?.type;
  return typeof type === 'function' && 'preload' in type ? (type as LazyPage) : undefined;
}
