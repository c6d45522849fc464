import { createElement, use, type ComponentType, type ReactElement } from 'react';

/** A route's page, loaded when first shown; `preload` loads it ahead (before hydration, on the server). */
export interface LazyPage {
  (): ReactElement;
  /** Its module under web/, as the page manifest names it (contracts/site/pages.ts): the server finds its chunk and CSS by it. */
  module: string;
  preload(): Promise<void>;
}

/** The export a page's module holds it under: the file's name (`SchedulePage` in `catalogue/SchedulePage.tsx`). */
export const exportOfPage = (module: string) => module.replace(/^.*\//, '').replace(/\.tsx?$/, '');

/**
 * One chunk per page (`load` is the bundler's dynamic import of `module`). Unlike React.lazy, a
 * page already loaded renders at once: the client loads the page the server rendered before it
 * hydrates, so hydration keeps the server's HTML instead of suspending. Pages take no props: what
 * they show comes from the address.
 */
export function lazyPage(module: string, load: () => Promise<Record<string, unknown>>): LazyPage {
  const name = exportOfPage(module);
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (exports) => {
        const component = exports[name];
        if (typeof component !== 'function')
          throw new Error(`${module} exports no ${name}: a page's module exports it under the file's name.`);
        loaded = component as ComponentType;
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
  return Object.assign(Page, { module, preload });
}

/** The lazy page a route element shows, if it is one. */
export function lazyPageOf(element: unknown): LazyPage | undefined {
  const type = (element as { type?: unknown } | null)?.type;
  return typeof type === 'function' && 'preload' in type ? (type as LazyPage) : undefined;
}
