import { useMutation, useQueryClient, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { AdminWriteResult } from '../../contracts/admin/catalogue-forms.js';
import { toast } from '../components/Toast.js';
import { apiErrorText, type HttpMethod } from '../core/api.js';
import { queryKeys, type ApiQueryKey } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

export type CatalogueKind = 'program' | 'workshop';
export type CatalogueAction = 'create' | 'update' | 'delete';

const METHOD: Record<CatalogueAction, HttpMethod> = { create: 'POST', update: 'PUT', delete: 'DELETE' };
const PAST: Record<CatalogueAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/**
 * Reads `key` again once the projections have reached `position`, then stores the answer under
 * `key` itself, so every screen that shows the list (public pages too) sees the change at once.
 */
async function refreshAfterWrite(
  queryClient: QueryClient,
  key: ApiQueryKey,
  position: string,
  queryFn?: QueryFunction,
): Promise<void> {
  const waiting: ApiQueryKey = [key[0], { ...key[1], minPosition: position }];
  // An explicit `queryFn: undefined` would hide the client's default one, so it is only set when given.
  const data = await queryClient.fetchQuery({ queryKey: waiting, staleTime: 0, ...(queryFn && { queryFn }) });
  queryClient.removeQueries({ queryKey: waiting, exact: true });
  queryClient.setQueryData(key, data);
}

export interface CatalogueWrite {
  action: CatalogueAction;
  id?: string;
  body?: unknown;
}

/** Create, edit or delete a program or workshop, with the specification's toasts. */
export function useCatalogueWrite(kind: CatalogueKind, onDone?: () => void) {
  const queryClient = useQueryClient();
  const collection = kind === 'program' ? '/api/admin/programs' : '/api/admin/workshops';
  const listKey = kind === 'program' ? queryKeys.programs() : queryKeys.workshops();
  const Kind = kind === 'program' ? 'Program' : 'Workshop';

  return useMutation({
    mutationFn: ({ action, id, body }: CatalogueWrite) =>
      adminJson<AdminWriteResult>(METHOD[action], id ? `${collection}/${encodeURIComponent(id)}` : collection, body),
    onSuccess: async (result, { action }) => {
      // The dashboard's next workshops list workshops too.
      const dashboards = [queryKeys.adminDashboard(), ...(kind === 'workshop' ? [queryKeys.adminDashboardDay()] : [])];
      await Promise.all([
        refreshAfterWrite(queryClient, listKey, result.position),
        ...dashboards.map((key) => refreshAfterWrite(queryClient, key, result.position, adminQueryFn)),
      ]).catch(() =>
        // The write is saved; only the re-read failed. The lists are read again when next shown.
        Promise.all([listKey, ...dashboards].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
      );
      // Detail pages of the record read it again when next shown.
      queryClient.removeQueries({
        queryKey: kind === 'program' ? queryKeys.program(result.id) : queryKeys.workshop(result.id),
      });
      toast({ title: `${Kind} ${PAST[action]} successfully` });
      onDone?.();
    },
    onError: (err, { action }) => {
      toast({
        title: `Failed to ${action} ${kind}`,
        description: apiErrorText(err) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
}
