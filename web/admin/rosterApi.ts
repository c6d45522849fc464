import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceRequest,
  AttendanceResult,
  CollectionRequest,
  CollectionResult,
  Roster,
  RosterUndoRequest,
  RosterUndoResult,
} from '../../contracts/admin/roster.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** One session's roster (`session` from 1), or the server's choice: the next session not yet over. */
export const useRoster = (workshopId: string, session?: number) =>
  useQuery({
    queryKey: queryKeys.adminRoster(workshopId, session),
    queryFn: adminQueryFn as () => Promise<Roster>,
    placeholderData: keepPreviousData,
  });

/**
 * Marks a participant present or absent: the box changes at once (optimistic), goes back with a
 * toast if the server refuses, and the roster is read again once no other mark is on its way (an
 * earlier answer must not undo a later box). The server answers after its read models show the mark.
 */
export function useMarkAttendance(workshopId: string, session?: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.adminRoster(workshopId, session);
  const mutationKey = ['attendance', workshopId];
  return useMutation({
    mutationKey,
    mutationFn: (body: AttendanceRequest) =>
      adminJson<AttendanceResult>('POST', `/api/admin/workshops/${encodeURIComponent(workshopId)}/attendance`, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Roster>(key);
      queryClient.setQueryData<Roster>(
        key,
        (roster) =>
          roster && {
            ...roster,
            rows: roster.rows.map((r) =>
              r.enrollmentId === body.enrollmentId && r.participant === body.participant
                ? { ...r, present: body.present }
                : r,
            ),
          },
      );
      return { before };
    },
    onError: (err, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast({
        title: 'Attendance not saved',
        description: apiErrorText(err) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/**
 * Records who collected a child (one press on a name of the pick-up list); a name not on it is
 * refused (409 `not_on_pickup_list`) until sent again with `confirmNotOnList`. The roster is read
 * again once the answer comes (the server answers after its read models show it).
 */
export function useRecordCollection(workshopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionRequest) =>
      adminJson<CollectionResult>('POST', `/api/admin/workshops/${encodeURIComponent(workshopId)}/collected`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRoster(workshopId).slice(0, 1) }),
  });
}

/**
 * Takes back a mark (`attendance`) or who collected a child (`collected`), recorded by mistake: the
 * participant is not marked (or collected) again. The roster is read again once the answer comes.
 */
export function useUndoRosterRecord(workshopId: string, what: 'attendance' | 'collected') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterUndoRequest) =>
      adminJson<RosterUndoResult>('POST', `/api/admin/workshops/${encodeURIComponent(workshopId)}/${what}/undo`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRoster(workshopId).slice(0, 1) }),
    onError: (err) =>
      toast({ title: 'Not taken back', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' }),
  });
}

/** Focuses, once rendered, the control whose accessible name is `label` (what replaces a control that went away). */
export function focusLabelled(label: string): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)?.focus({ preventScroll: true }),
  );
}
