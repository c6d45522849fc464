import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api.js';

interface SerialisedApiError {
  name: 'ApiError';
  status: number;
  statusText?: string;
  bodyText: string;
}

const isSerialisedApiError = (e: unknown): e is SerialisedApiError =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'ApiError';

/** An ApiError as JSON keeps what the pages read (`status`, `bodyText`): a program not found is a 404 on both sides. */
export function serialiseErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.error instanceof ApiError
        ? {
            ...q,
            state: {
              ...q.state,
              error: {
                name: 'ApiError',
                status: q.state.error.status,
                bodyText: q.state.error.bodyText,
              } satisfies SerialisedApiError as unknown as Error,
            },
          }
        : q,
    ),
  };
}

/** The reverse, in the browser: the error is an ApiError again, so `isApiError(error, 404)` holds. */
export function reviveErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) =>
      isSerialisedApiError(q.state.error)
        ? {
            ...q,
            state: { ...q.state, error: new ApiError(q.state.error.status, '', q.state.error.bodyText) },
          }
        : q,
    ),
  };
}
