import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UPCOMING_BOOKINGS_CODE,
  type EraseFamilyInput,
  type ErasureAccepted,
  type UpcomingBooking,
} from '../../contracts/privacy/api.js';
import { isApiError } from '../core/api.js';
import { adminJson } from './adminApi.js';

/** The paid classes ahead a 409 named, or null when the refusal was something else. */
export function upcomingOf(err: unknown): UpcomingBooking[] | null {
  if (!isApiError(err, 409)) return null;
  try {
    const body = JSON.parse(err.bodyText) as { code?: string; upcoming?: UpcomingBooking[] };
    return body.code === UPCOMING_BOOKINGS_CODE && body.upcoming ? body.upcoming : null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Erases a family, then waits (up to a minute) until the server has rewritten the read models, so
 * the screens read next show "Erased"; every admin screen is refreshed after.
 */
export function useEraseFamily(onDone: (erasure: ErasureAccepted) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EraseFamilyInput) => {
      const erasure = await adminJson<ErasureAccepted>('POST', '/api/admin/privacy/erasures', body);
      for (let waited = 0; waited < 60_000; waited += 500) {
        const { scrubbed } = await adminJson<{ scrubbed: boolean }>(
          'GET',
          `/api/admin/privacy/erasures/scrubbed?position=${encodeURIComponent(erasure.position)}`,
        );
        if (scrubbed) break;
        await pause(500);
      }
      return erasure;
    },
    onSuccess: async (erasure) => {
      await queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/admin/'),
      });
      onDone(erasure);
    },
  });
}
