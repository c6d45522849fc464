import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancePaymentResponse,
  BookingView,
  CorrectParticipantsRequest,
  RemoveSavedCardResponse,
} from '../../contracts/booking/api.js';
import { apiJson } from '../core/api.js';
import type {
  AbsenceResult,
  BookMakeupRequest,
  MakeupResult,
  ReportAbsenceRequest,
} from '../../contracts/courses/api.js';
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
  // `participant`: that participant's place only; none: the whole booking.
  const cancel = useMutation({
    mutationFn: ({
      participant,
      refundTo,
    }: {
      participant?: number | undefined;
      refundTo?: 'card' | 'credit' | undefined;
    }) =>
      apiJson<BookingView>('POST', `${bookingUrl(token)}/cancel`, {
        ...(participant === undefined ? {} : { participant }),
        ...(refundTo ? { refundTo } : {}),
      }),
    onSuccess: keep,
  });
  return { correct, cancel };
}

/** The PaymentIntent of a deposit booking's balance (the same one however often it is asked). */
export const openBalancePayment = (token: string) =>
  apiJson<BalancePaymentResponse>('POST', `${bookingUrl(token)}/balance-payment`, {});

/** The PaymentIntent of an instalment paid by hand: one the saved card declined, or any once the card is removed. */
export const openInstallmentPayment = (token: string, n: number) =>
  apiJson<BalancePaymentResponse>('POST', `${bookingUrl(token)}/installments/${n}/payment`, {});

/** The plan's saved card removed: nothing more is charged to it; the answer says how to pay the rest. */
export const removeSavedCard = (token: string) =>
  apiJson<RemoveSavedCardResponse>('DELETE', `${bookingUrl(token)}/saved-card`);

/** The booking read again after a write, once the read models show it. */
export function useRefreshBooking(token: string) {
  const client = useQueryClient();
  return (position?: string | null) =>
    client
      .fetchQuery<BookingView>({ queryKey: queryKeys.booking(token, position ? { minPosition: position } : undefined) })
      .then((view) => client.setQueryData(queryKeys.booking(token), view));
}

/**
 * A course's absences and make-ups: each answers the change only, so the booking is read again
 * (at the position written) to show the new credit or seat.
 */
export function useCourseChanges(token: string) {
  const refreshAt = useRefreshBooking(token);
  // Read at the answer's position: a plain refetch can come back before the credit or seat is shown.
  const refresh = (done: { position?: string | null }) => refreshAt(done.position);
  const reportAbsence = useMutation({
    mutationFn: (body: ReportAbsenceRequest) => apiJson<AbsenceResult>('POST', `${bookingUrl(token)}/absences`, body),
    onSuccess: refresh,
  });
  const bookMakeup = useMutation({
    mutationFn: (body: BookMakeupRequest) => apiJson<MakeupResult>('POST', `${bookingUrl(token)}/makeups`, body),
    onSuccess: refresh,
  });
  const cancelMakeup = useMutation({
    mutationFn: (creditId: string) =>
      apiJson<{ creditId: string; position?: string }>(
        'POST',
        `${bookingUrl(token)}/makeups/${encodeURIComponent(creditId)}/cancel`,
        {},
      ),
    onSuccess: refresh,
  });
  return { reportAbsence, bookMakeup, cancelMakeup };
}

/** The booking's calendar file, served with the confirmation's UID. */
export const calendarHref = (token: string) => `${bookingUrl(token)}/calendar.ics`;

/** The booking's PDF receipt, naming each participant (the confirmation e-mail's attachment). */
export const receiptPdfHref = (token: string) => `${bookingUrl(token)}/receipt.pdf`;
