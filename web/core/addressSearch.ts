import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * The page's query string as the address bar holds it ("?category=teen"): the one state that
 * the islands of a page (a calendar, a list) share, with no router. On the server, and while
 * React hydrates, the search the page was rendered for, or null where the page is rendered
 * without its query (the checkout: it shows what the address names only once in the browser).
 */
export function useAddressSearch<S extends string | null>(serverSearch: S): string | S {
  return useSyncExternalStore<string | S>(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  );
}

/**
 * Changes the query string in place (no new history entry, no scroll) and tells every reader.
 * The entry's own state is kept: where the app's router made the entry, it still owns it.
 */
export function replaceAddressSearch(change: (params: URLSearchParams) => void): void {
  const params = new URLSearchParams(window.location.search);
  change(params);
  const search = params.toString();
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search ? `?${search}` : ''}${hash}`);
  for (const listener of listeners) listener();
}
