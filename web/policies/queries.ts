import { useQuery } from '@tanstack/react-query';
import type { Policies } from '../../contracts/policies/api.js';
import { queryKeys } from '../core/queryKeys.js';

/** The school's configured policy numbers (refund days, reminder hours); they change only with a redeploy. */
export function usePolicies() {
  return useQuery<Policies>({ queryKey: queryKeys.policies(), staleTime: 5 * 60_000 });
}
