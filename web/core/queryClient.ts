import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api.js';
import { urlOfQueryKey } from './queryKeys.js';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default GET: the URL comes from the query key; 401 either raises or yields null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    // The app asks the server each time (a 304 when nothing moved): the public reads' short max-age
    // is for shared caches, and must not hide from this browser what it has just written.
    const res = await fetch(urlOfQueryKey(queryKey), { credentials: 'include', signal, cache: 'no-cache' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new ApiError(res.status, res.statusText, text);
    }
    return (await res.json()) as T;
  };
}

/** Data is read once and kept: the spec asks for no refetching and no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
