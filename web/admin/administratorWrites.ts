import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddAdministratorInput,
  AddedAdministrator,
  AdministratorSummary,
  ChangeAdministratorRoleInput,
  ChangedAdministratorRole,
  RevokedAdministrator,
} from '../../contracts/admin/administrators.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** The list read again once the projection has the write, so the table shows it at once. */
function useRefreshList() {
  const queryClient = useQueryClient();
  return async (position: string) => {
    const waiting = queryKeys.adminAdministrators({ minPosition: position });
    try {
      const rows = await queryClient.fetchQuery({ queryKey: waiting, queryFn: adminQueryFn, staleTime: 0 });
      queryClient.setQueryData<AdministratorSummary[]>(queryKeys.adminAdministrators(), rows as AdministratorSummary[]);
    } catch {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminAdministrators() });
    } finally {
      queryClient.removeQueries({ queryKey: waiting, exact: true });
    }
  };
}

export function useAddAdministrator() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (body: AddAdministratorInput) =>
      adminJson<AddedAdministrator>('POST', '/api/admin/administrators', body),
    onSuccess: (added) => refresh(added.position),
  });
}

export function useChangeAdministratorRole() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, ...body }: ChangeAdministratorRoleInput & { id: string }) =>
      adminJson<ChangedAdministratorRole>('PATCH', `/api/admin/administrators/${encodeURIComponent(id)}`, body),
    onSuccess: (changed) => refresh(changed.position),
  });
}

export function useRevokeAdministrator() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (id: string) =>
      adminJson<RevokedAdministrator>('DELETE', `/api/admin/administrators/${encodeURIComponent(id)}`),
    onSuccess: (revoked) => refresh(revoked.position),
  });
}
