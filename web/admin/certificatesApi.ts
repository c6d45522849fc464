import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorrectedCertificate, EligibleChild, IssuedCertificate } from '../../contracts/certificates/api.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** GET /api/admin/workshops/:id/certificates: the children who attended enough, with their numbers once issued. */
export const useEligibleChildren = (workshopId: string) =>
  useQuery({
    queryKey: queryKeys.adminWorkshopCertificates(workshopId),
    queryFn: adminQueryFn as () => Promise<EligibleChild[]>,
  });

/**
 * POST /api/admin/workshops/:id/certificates with no list: every eligible child without one gets
 * its certificate (the server refuses, 409, before the last session has ended or without the
 * program's certificate; its words go in the toast). The list is read again after.
 */
export function useIssueCertificates(workshopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminJson<IssuedCertificate[]>('POST', `/api/admin/workshops/${encodeURIComponent(workshopId)}/certificates`, {}),
    onSuccess: (issued) =>
      toast({
        title: issued.length === 1 ? '1 certificate issued' : `${issued.length} certificates issued`,
        description: 'Each family is e-mailed its child’s certificate.',
      }),
    onError: (err) =>
      toast({
        title: 'Certificates not issued',
        description: apiErrorText(err) ?? 'Please try again.',
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminWorkshopCertificates(workshopId) }),
  });
}

/**
 * POST /api/admin/certificates/:number/correct-name `{ name }`: reissued under the same number, and
 * e-mailed to the family again. A refusal is the dialog's to show by its field; the list is read again after.
 */
export function useCorrectCertificateName(workshopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, name }: { number: string; name: string }) =>
      adminJson<CorrectedCertificate>('POST', `/api/admin/certificates/${encodeURIComponent(number)}/correct-name`, {
        name,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminWorkshopCertificates(workshopId) }),
  });
}

/** POST /api/admin/certificates/:number/revoke `{ reason }`: its verification answers "revoked" from then on. */
export function useRevokeCertificate(workshopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, reason }: { number: string; reason: string }) =>
      adminJson<{ number: string }>('POST', `/api/admin/certificates/${encodeURIComponent(number)}/revoke`, {
        reason,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminWorkshopCertificates(workshopId) }),
  });
}
