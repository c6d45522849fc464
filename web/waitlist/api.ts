import { useQuery } from '@tanstack/react-query';
import type {
  JoinWaitlistRequest,
  JoinWaitlistResponse,
  LeaveWaitlistResponse,
  WaitlistConfirmResponse,
  WaitlistOfferView,
} from '../../contracts/waitlist/api.js';
import { apiJson } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';

export const joinWaitlist = (workshopId: string, body: JoinWaitlistRequest) =>
  apiJson<JoinWaitlistResponse>('POST', `/api/workshops/${encodeURIComponent(workshopId)}/waitlist`, body);

export const confirmWaitlist = (token: string) =>
  apiJson<WaitlistConfirmResponse>('POST', '/api/waitlist/confirm', { token });

export const leaveWaitlist = (token: string) =>
  apiJson<LeaveWaitlistResponse>('POST', '/api/waitlist/leave', { token });

/** The offer a link opens (null without a token). */
export function useWaitlistOffer(workshopId: string, token: string | null) {
  return useQuery<WaitlistOfferView>({
    queryKey: queryKeys.waitlistOffer(workshopId, token ?? ''),
    enabled: Boolean(token),
  });
}
