import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDiscountCodeRequest } from '../../contracts/pricing/discount-codes.js';
import type { SchoolSettingsRequest } from '../../contracts/pricing/settings.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** A list read again once its projection has the write (by position), so the table shows it at once. */
export function useRefresh(key: (params?: { minPosition: string }) => readonly [string, Record<string, unknown>?]) {
  const queryClient = useQueryClient();
  return async (position: string | null) => {
    if (position === null) return queryClient.invalidateQueries({ queryKey: key() });
    const waiting = key({ minPosition: position });
    try {
      queryClient.setQueryData(
        key(),
        await queryClient.fetchQuery({ queryKey: waiting, queryFn: adminQueryFn, staleTime: 0 }),
      );
    } finally {
      queryClient.removeQueries({ queryKey: waiting, exact: true });
    }
  };
}

export function useCreateDiscountCode() {
  const refresh = useRefresh(queryKeys.adminDiscountCodes);
  return useMutation({
    mutationFn: (body: CreateDiscountCodeRequest) =>
      adminJson<{ code: string; position: string | null }>('POST', '/api/admin/discount-codes', body),
    onSuccess: (done) => refresh(done.position),
  });
}

export function useDeactivateDiscountCode() {
  const refresh = useRefresh(queryKeys.adminDiscountCodes);
  return useMutation({
    mutationFn: (code: string) =>
      adminJson<{ position: string | null }>('DELETE', `/api/admin/discount-codes/${encodeURIComponent(code)}`),
    onSuccess: (done) => refresh(done.position),
  });
}

export function useSaveSchoolSettings() {
  const refresh = useRefresh(queryKeys.adminSettings);
  return useMutation({
    mutationFn: (body: SchoolSettingsRequest) =>
      adminJson<{ siblingDiscountPercent: number; position: string | null }>('PUT', '/api/admin/settings', body),
    onSuccess: (done) => refresh(done.position),
  });
}
