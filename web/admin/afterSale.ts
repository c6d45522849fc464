import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AfterSaleResult,
  CancelEnrollmentRequest,
  TransferEnrollmentRequest,
} from '../../contracts/admin/after-sale.js';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { ConfirmationResendResult } from '../../contracts/admin/confirmation-resend.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

const base = (id: string) => `/api/admin/enrollments/${encodeURIComponent(id)}`;

/**
 * After a write: this enrollment's row and history are read at the write's position (the server
 * waits for its projections), then every other admin screen (lists, tabs, dashboard) is refreshed.
 */
async function refreshAfter(queryClient: QueryClient, id: string, result: AfterSaleResult): Promise<void> {
  await queryClient.fetchQuery({
    queryKey: queryKeys.adminEnrollments({ q: id, minPosition: result.position }),
    queryFn: adminQueryFn,
  });
  await queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/admin/'),
  });
}

/** Cancel, retry a refused refund, or move an enrollment; each answers where it stands now. */
export function useAfterSale(id: string, onDone: (result: AfterSaleResult) => void) {
  const queryClient = useQueryClient();
  const done = async (result: AfterSaleResult) => {
    await refreshAfter(queryClient, id, result);
    onDone(result);
  };
  return {
    cancel: useMutation({
      mutationFn: (body: CancelEnrollmentRequest) => adminJson<AfterSaleResult>('POST', `${base(id)}/cancel`, body),
      onSuccess: done,
    }),
    retry: useMutation({
      mutationFn: () => adminJson<AfterSaleResult>('POST', `${base(id)}/refund/retry`, {}),
      onSuccess: done,
    }),
    transfer: useMutation({
      mutationFn: (body: TransferEnrollmentRequest) => adminJson<AfterSaleResult>('POST', `${base(id)}/transfer`, body),
      onSuccess: done,
    }),
  };
}

/** Sends the confirmation e-mail again; the answer says whether it left yet and where to read the history. */
export function useResendConfirmation(id: string, onDone: (result: ConfirmationResendResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminJson<ConfirmationResendResult>('POST', `${base(id)}/resend-confirmation`, {}),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminEnrollmentHistory(id) });
      onDone(result);
    },
  });
}

/** Dollars that can still go back: what was paid less every refund already decided. */
export function refundableDollars(record: AdminEnrollmentRecord): number {
  const paid = ['paid', 'partially-refunded', 'refund-pending', 'refund-failed'].includes(record.paymentStatus)
    ? record.amount
    : 0;
  const decided = (record.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, Math.round((paid - decided) * 100) / 100);
}
