import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EligibleChild, IssuedCertificate } from '../../contracts/certificates/api.js';
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
