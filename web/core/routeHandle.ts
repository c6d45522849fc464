import type { Params } from 'react-router-dom';
import type { ApiQueryKey } from './queryKeys.js';

/** A route's `handle`: the reads its page shows, which the server loads and hands over with its HTML. */
export interface RouteHandle {
  prefetch?: (params: Params) => ApiQueryKey[];
  /**
   * Rendered by the server as islands: the browser hydrates only the parts marked with `island()`
   * (header, carousel) and loads no router or data layer. For pages that are mostly reading.
   */
  islands?: boolean;
}
