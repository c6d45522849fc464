import type { Context } from 'hono';
import { TOTAL_COUNT_HEADER } from '../../contracts/admin/paging.js';

const DEFAULT_PAGE_SIZE = 50;

export interface PageWindow {
  offset?: number;
  limit?: number;
}

/**
 * ?page&pageSize as a read-store window. With neither given, `unpaged` decides: 'all' answers
 * every row (the specification's client reads the whole list), 'first-page' the first page.
 */
export function pageWindow(q: { page?: number; pageSize?: number }, unpaged: 'all' | 'first-page'): PageWindow {
  if (q.page === undefined && q.pageSize === undefined && unpaged === 'all') return {};
  const limit = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { offset: ((q.page ?? 1) - 1) * limit, limit };
}

/** Paged lists keep a plain array body (the specification's shape) and put the count in a header. */
export const setTotal = (c: Context, total: number): void => c.header(TOTAL_COUNT_HEADER, String(total));
