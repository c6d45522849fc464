import { useQuery } from '@tanstack/react-query';
import type { FamilyCertificate } from '../../contracts/certificates/api.js';
import { queryKeys } from '../core/queryKeys.js';

/** GET /api/bookings/:token/certificates: the booking's children's certificates that stand. */
export const useBookingCertificates = (token: string) =>
  useQuery<FamilyCertificate[]>({ queryKey: queryKeys.bookingCertificates(token), enabled: Boolean(token) });

/** GET /api/account/certificates: every certificate of the signed-in family's bookings. */
export const useFamilyCertificates = () => useQuery<FamilyCertificate[]>({ queryKey: queryKeys.accountCertificates() });
