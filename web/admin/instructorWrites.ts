import { useMutation } from '@tanstack/react-query';
import type { AppointmentTypeInput } from '../../contracts/appointments/appointment-type.js';
import type { Availability } from '../../contracts/instructors/availability.js';
import type { InstructorInput, InstructorWriteResult } from '../../contracts/instructors/instructor.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson } from './adminApi.js';
import { useRefresh } from './pricingWrites.js';

/** Adds an instructor (no id) or changes one; the list is read again from the write's position. */
export function useSaveInstructor(id: string | null) {
  const refresh = useRefresh(queryKeys.adminInstructors);
  return useMutation({
    mutationFn: (body: InstructorInput) =>
      id
        ? adminJson<InstructorWriteResult>('PUT', `/api/admin/instructors/${encodeURIComponent(id)}`, body)
        : adminJson<InstructorWriteResult>('POST', '/api/admin/instructors', body),
    onSuccess: (done) => refresh(done.position),
  });
}

/** Sets an instructor's weekly hours and days off as a whole. */
export function useSetAvailability(id: string) {
  const refresh = useRefresh(queryKeys.adminInstructors);
  return useMutation({
    mutationFn: (body: Availability) =>
      adminJson<InstructorWriteResult>('PUT', `/api/admin/instructors/${encodeURIComponent(id)}/availability`, body),
    onSuccess: (done) => refresh(done.position),
  });
}

/** Adds an appointment type (no id) or changes one, as a whole. */
export function useSaveAppointmentType(id: string | null) {
  const refresh = useRefresh(queryKeys.adminAppointmentTypes);
  return useMutation({
    mutationFn: (body: AppointmentTypeInput) =>
      id
        ? adminJson<InstructorWriteResult>('PUT', `/api/admin/appointment-types/${encodeURIComponent(id)}`, body)
        : adminJson<InstructorWriteResult>('POST', '/api/admin/appointment-types', body),
    onSuccess: (done) => refresh(done.position),
  });
}
