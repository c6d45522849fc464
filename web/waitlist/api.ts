import type {
  JoinWaitlistRequest,
  JoinWaitlistResponse,
  LeaveWaitlistResponse,
  WaitlistConfirmResponse,
  WaitlistOfferView,
} from '../../contracts/waitlist/api.js';
import { apiJson } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { useApiRead } from '../core/useApiRead.js';

export const joinWaitlist = (workshopId: string, body: JoinWaitlistRequest) =>
  apiJson<JoinWaitlistResponse>('POST', `/api/workshops/${encodeURIComponent(workshopId)}/waitlist`, body);

export const confirmWaitlist = (token: string) =>
  apiJson<WaitlistConfirmResponse>('POST', '/api/waitlist/confirm', { token });

export const leaveWaitlist = (token: string) =>
  apiJson<LeaveWaitlistResponse>('POST', '/api/waitlist/leave', { token });

/** The offer a link opens (pending without a token). Read in the browser: the token is never in a rendered page. */
export const useWaitlistOffer = (workshopId: string, token: string | null) =>
  useApiRead<WaitlistOfferView>(token ? queryKeys.waitlistOffer(workshopId, token) : null);
