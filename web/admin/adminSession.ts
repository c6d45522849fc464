import { useQuery } from '@tanstack/react-query';
import { mayUse, type AdminArea, type AdminSession } from '../../contracts/admin/roles.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminRequest } from './adminApi.js';

/** Who holds `key`, as the server says (401 when nobody): asked before a typed key is stored. */
export async function fetchAdminSession(key: string): Promise<AdminSession> {
  return (await (await adminRequest('GET', queryKeys.adminMe()[0], undefined, key)).json()) as AdminSession;
}

/** The holder the key gate checked (always there inside AdminGate). */
export function useAdminSession(): AdminSession | undefined {
  return useQuery<AdminSession>({ queryKey: queryKeys.adminMe(), enabled: false }).data;
}

/**
 * Whether this holder's role may use an area of the admin area (contracts/admin/roles.ts, the table
 * the server enforces): what it may not use is not shown.
 */
export function useMayUse(): (area: AdminArea) => boolean {
  const session = useAdminSession();
  return (area) => (session ? mayUse(session.role, area) : false);
}
