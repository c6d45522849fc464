import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWaitlistActionResult, AdminWaitlistOfferRequest } from '../../contracts/waitlist/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson } from './adminApi.js';

const entryPath = (workshopId: string, entryId: string) =>
  `/api/admin/workshops/${encodeURIComponent(workshopId)}/waitlist/${encodeURIComponent(entryId)}`;

/**
 * The office's two writes on a waitlist: take a family off it, offer it seats now. Each answers
 * once the list shows it; the list and the dashboard's figures are read again.
 */
export function useWaitlistWrites(workshopId: string, onDone: (result: AdminWaitlistActionResult) => void) {
  const queryClient = useQueryClient();
  const done = async (result: AdminWaitlistActionResult) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminWaitlist(workshopId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboardDay() });
    onDone(result);
  };
  return {
    remove: useMutation({
      mutationFn: (entryId: string) => adminJson<AdminWaitlistActionResult>('DELETE', entryPath(workshopId, entryId)),
      onSuccess: done,
    }),
    offer: useMutation({
      mutationFn: ({ entryId, ...body }: AdminWaitlistOfferRequest & { entryId: string }) =>
        adminJson<AdminWaitlistActionResult>('POST', `${entryPath(workshopId, entryId)}/offer`, body),
      onSuccess: done,
    }),
  };
}
