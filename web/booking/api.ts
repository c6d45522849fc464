import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancePaymentResponse,
  BookingView,
  CorrectParticipantsRequest,
} from '../../contracts/booking/api.js';
import { apiJson } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';

const bookingUrl = (token: string) => `/api/bookings/${encodeURIComponent(token)}`;

/** The parent's booking behind the link's token. */
export function useBooking(token: string) {
  return useQuery<BookingView>({ queryKey: queryKeys.booking(token), enabled: Boolean(token) });
}

/** The participants corrected, and the cancellation under the policy; each answers the booking as it now stands. */
export function useBookingChanges(token: string) {
  const client = useQueryClient();
  const keep = (view: BookingView) => client.setQueryData(queryKeys.booking(token), view);
  const correct = useMutation({
    mutationFn: (body: CorrectParticipantsRequest) => apiJson<BookingView>('PATCH', bookingUrl(token), body),
    onSuccess: keep,
  });
  const cancel = useMutation({
    mutationFn: (refundTo: 'card' | 'credit' | undefined) =>
      apiJson<BookingView>('POST', `${bookingUrl(token)}/cancel`, refundTo ? { refundTo } : {}),
    onSuccess: keep,
  });
  return { correct, cancel };
}

/** The PaymentIntent of a deposit booking's balance (the same one however often it is asked). */
export const openBalancePayment = (token: string) =>
  apiJson<BalancePaymentResponse>('POST', `${bookingUrl(token)}/balance-payment`, {});

/** The booking read again after a write, once the read models show it. */
export function useRefreshBooking(token: string) {
  const client = useQueryClient();
  return (position?: string | null) =>
    client
      .fetchQuery<BookingView>({ queryKey: queryKeys.booking(token, position ? { minPosition: position } : undefined) })
      .then((view) => client.setQueryData(queryKeys.booking(token), view));
}

/** The booking's calendar file, served with the confirmation's UID. */
export const calendarHref = (token: string) => `${bookingUrl(token)}/calendar.ics`;

/** The booking's PDF receipt, naming each participant (the confirmation e-mail's attachment). */
export const receiptPdfHref = (token: string) => `${bookingUrl(token)}/receipt.pdf`;
