import { startTransition, useEffect, useState } from 'react';
import { ApiError } from './api.js';
import { urlOfQueryKey, type ApiQueryKey } from './queryKeys.js';

export type ApiRead<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/** Reads under way or done in this document, by URL: a read asked twice (StrictMode, two parts) is fetched once. */
const reads = new Map<string, Promise<unknown>>();

function fetchOnce(url: string): Promise<unknown> {
  let read = reads.get(url);
  if (!read) {
    read = fetch(url, { credentials: 'include', cache: 'no-cache' }).then(async (res) => {
      if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
      return res.json() as Promise<unknown>;
    });
    // A failed read is asked again next time (a retry), not kept.
    read.catch(() => reads.delete(url));
    reads.set(url, read);
  }
  return read;
}

/**
 * One GET for an island, which has no query client (islands take JSON props and read no router
 * or data layer): the query key's URL (web/core/queryKeys.ts), read in the browser once the part
 * is live, never on the server. `known` answers without asking, e.g. from this tab's session
 * storage; null asks nothing (still pending).
 */
export function useApiRead<T>(key: ApiQueryKey | null, known?: () => T | undefined): ApiRead<T> & { retry(): void } {
  const url = key ? urlOfQueryKey(key) : null;
  const [state, setState] = useState<{ url: string | null; read: ApiRead<T> }>({ url, read: { status: 'pending' } });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) return;
    // What a read brings is rendered in a transition: React yields to the browser while it renders
    // it (a card form, a list), so the page answers a tap meanwhile.
    const settle = (read: ApiRead<T>) => startTransition(() => setState({ url, read }));
    const given = known?.();
    if (given !== undefined) {
      settle({ status: 'success', data: given });
      return;
    }
    let current = true;
    fetchOnce(url).then(
      (data) => current && settle({ status: 'success', data: data as T }),
      (error: unknown) => current && settle({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // `known` is read once per URL and attempt, as react-query's initialData is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, attempt]);

  const read: ApiRead<T> = state.url === url ? state.read : { status: 'pending' };
  return {
    ...read,
    retry: () => {
      setState({ url, read: { status: 'pending' } });
      setAttempt((n) => n + 1);
    },
  };
}
