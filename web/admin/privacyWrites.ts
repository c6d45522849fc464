import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseFamilyInput, ErasureAccepted } from '../../contracts/privacy/api.js';
import { adminJson } from './adminApi.js';

export { upcomingOf } from '../core/upcomingOf.js';

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
