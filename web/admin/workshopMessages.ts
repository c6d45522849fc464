import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageRecipientCount,
  WorkshopMessageAccepted,
  WorkshopMessageRequest,
  WorkshopMessageView,
} from '../../contracts/messages/api.js';
import type { MessageAudience } from '../../contracts/messages/events.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  enrolled: 'Booked families',
  waitlist: 'Waitlist',
};

export const families = (n: number) => (n === 1 ? '1 family' : `${n} families`);

/** A workshop's Messages list; polled while e-mails of a message are still leaving. */
export function useWorkshopMessages(workshopId: string | null, minPosition: string | null) {
  return useQuery<WorkshopMessageView[]>({
    queryKey: queryKeys.adminWorkshopMessages(workshopId ?? '', minPosition ? { minPosition } : undefined),
    queryFn: adminQueryFn as () => Promise<WorkshopMessageView[]>,
    enabled: Boolean(workshopId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((m) => m.sent + m.undeliverable < m.families) ? 1_000 : false),
  });
}

/** How many families a message would reach now: asked when the administrator reviews it. */
export function useRecipientCount() {
  const client = useQueryClient();
  return (workshopId: string, audience: MessageAudience) =>
    client.fetchQuery<MessageRecipientCount>({
      queryKey: queryKeys.adminMessageRecipients(workshopId, audience),
      queryFn: adminQueryFn as () => Promise<MessageRecipientCount>,
      staleTime: 0,
    });
}

export function useSendMessage(workshopId: string, onSent: (accepted: WorkshopMessageAccepted) => void) {
  return useMutation({
    mutationFn: (body: WorkshopMessageRequest) =>
      adminJson<WorkshopMessageAccepted>(
        'POST',
        `/api/admin/workshops/${encodeURIComponent(workshopId)}/messages`,
        body,
      ),
    onSuccess: onSent,
  });
}
