import type { Params } from 'react-router-dom';
import type { ApiQueryKey } from './queryKeys.js';

/** A route's `handle`: the reads its page shows, which the server loads and hands over with its HTML. */
export interface RouteHandle {
  prefetch?: (params: Params) => ApiQueryKey[];
}
