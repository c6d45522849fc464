import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, type HttpMethod } from '../core/api.js';
import { urlOfQueryKey } from '../core/queryKeys.js';
import { TOTAL_COUNT_HEADER } from '../../contracts/admin/paging.js';
import { clearAdminKey, getAdminKey } from './adminKey.js';

const forbiddenListeners = new Set<() => void>();

/**
 * Called on every 403: the key is right but its role may not do that (its role may have changed
 * since the page was opened). The key gate listens and asks who holds the key again, so the
 * screens follow the role as it is now. Returns the unsubscribe function.
 */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => void forbiddenListeners.delete(listener);
}

/**
 * Every admin call: the stored key goes in the Admin-Key header, and a 401 forgets the key, which
 * sends every admin screen back to the key gate.
 */
export async function adminRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  key = getAdminKey(),
): Promise<Response> {
  try {
    return await apiRequest(method, url, body, { headers: { 'Admin-Key': key } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearAdminKey();
    if (err instanceof ApiError && err.status === 403) forbiddenListeners.forEach((listener) => listener());
    throw err;
  }
}

export async function adminJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return (await (await adminRequest(method, url, body)).json()) as T;
}

/** The query function of admin lists: the URL comes from the query key, as everywhere on the site. */
export const adminQueryFn: QueryFunction<unknown> = async ({ queryKey }) =>
  (await adminRequest('GET', urlOfQueryKey(queryKey))).json();

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A paged list: the body is the rows, the count of all matches is in X-Total-Count. */
export const adminPageQueryFn: QueryFunction<Page<unknown>> = async ({ queryKey }) => {
  const res = await adminRequest('GET', urlOfQueryKey(queryKey));
  const rows = (await res.json()) as unknown[];
  return { rows, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? rows.length) };
};

/** After Logout nothing an administrator saw stays in the page's memory. */
export function forgetAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/admin/'),
  });
}
