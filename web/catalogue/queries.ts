import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { PublicLocation } from '../../contracts/locations/location.js';
import { queryKeys } from '../core/queryKeys.js';

export function usePrograms() {
  return useQuery<Program[]>({ queryKey: queryKeys.programs() });
}

/** One program by slug; the list's copy shows at once while the full record loads. */
export function useProgram(slug: string) {
  const queryClient = useQueryClient();
  return useQuery<Program>({
    queryKey: queryKeys.program(slug),
    // A 404 the server rendered is not asked again when the page hydrates.
    retryOnMount: false,
    placeholderData: () => queryClient.getQueryData<Program[]>(queryKeys.programs())?.find((p) => p.slug === slug),
  });
}

export function useWorkshops() {
  return useQuery<Workshop[]>({ queryKey: queryKeys.workshops() });
}

/** Every location, as GET /api/locations answers it (the schedule's location filter, issue 41 item 4). */
export function useLocations() {
  return useQuery<PublicLocation[]>({ queryKey: queryKeys.locations() });
}
