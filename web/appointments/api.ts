import { useQuery } from '@tanstack/react-query';
import type { PublicAppointmentType, SlotView } from '../../contracts/appointments/appointment-type.js';
import type { AppointmentBookedAnswer, AppointmentView } from '../../contracts/appointments/booking.js';
import type { LessonPackView } from '../../contracts/appointments/lesson-pack.js';
import { apiJson } from '../core/api.js';

const q = encodeURIComponent;

/** The lessons or parties a program offers. */
export const useAppointmentTypes = (programId: string) =>
  useQuery({
    queryKey: ['appointment-types', programId],
    queryFn: () => apiJson<PublicAppointmentType[]>('GET', `/api/appointment-types?programId=${q(programId)}`),
  });

/** The free times of a type between two school days (an instructor's, or anyone's who gives it). */
export const useSlots = (typeId: string | null, from: string, to: string, instructorId: string | null) =>
  useQuery({
    queryKey: ['appointment-slots', typeId, from, to, instructorId],
    enabled: typeId !== null,
    queryFn: () =>
      apiJson<SlotView[]>(
        'GET',
        `/api/appointment-types/${q(typeId ?? '')}/slots?from=${from}&to=${to}${instructorId ? `&instructorId=${q(instructorId)}` : ''}`,
      ),
  });

export const bookAppointment = (typeId: string, body: Record<string, unknown>) =>
  apiJson<AppointmentBookedAnswer>('POST', `/api/appointment-types/${q(typeId)}/bookings`, body);

/** What is left of a lesson pack, by its code (a 404 for a code of no paid pack). */
export const fetchLessonPack = (code: string) => apiJson<LessonPackView>('GET', `/api/lesson-packs/${q(code)}`);

const pageUrl = (token: string) => `/api/appointments/${q(token)}`;

export const useAppointment = (token: string) =>
  useQuery({ queryKey: ['appointment', token], queryFn: () => apiJson<AppointmentView>('GET', pageUrl(token)) });

export const cancelAppointment = (token: string) => apiJson<AppointmentView>('POST', `${pageUrl(token)}/cancel`, {});

export const rescheduleAppointment = (token: string, startsAt: string) =>
  apiJson<AppointmentView>('POST', `${pageUrl(token)}/reschedule`, { startsAt });

export const appointmentCalendarHref = (token: string) => `${pageUrl(token)}/calendar.ics`;
