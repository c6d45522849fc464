import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountView,
  AccountWritten,
  MatchBookingChildrenRequest,
  ChildCreated,
  SignInAnswer,
  SignInPreview,
  SignInRequest,
  Verified,
} from '../../contracts/account/api.js';
import type { ChildInput } from '../../contracts/account/child.js';
import type { HouseholdDetailsInput } from '../../contracts/account/household.js';
import type { EraseOwnFamilyInput, ErasureAccepted } from '../../contracts/privacy/api.js';
import { apiJson, isApiError } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { rememberSignedIn, sessionMayExist } from './signedInHint.js';

/**
 * The family page, or `signedOut` when nobody is signed in on this browser: known without asking
 * when no session may exist (no hint of one), else from the server's 401.
 */
export function useAccount() {
  const [mayAsk] = useState(sessionMayExist);
  const account = useQuery<AccountView>({ queryKey: queryKeys.account(), enabled: mayAsk });
  const signedOut = !mayAsk || isApiError(account.error, 401);
  useEffect(() => {
    if (account.data) rememberSignedIn(true);
    else if (signedOut && mayAsk) rememberSignedIn(false);
  }, [account.data, signedOut, mayAsk]);
  return { ...account, signedOut, isPending: mayAsk && account.isPending };
}

export const askForSignInLink = (body: SignInRequest) => apiJson<SignInAnswer>('POST', '/api/account/sign-in', body);
/** Presses the link's button: with `join`, the family whose invitation is accepted; without, the address's own page. */
export const verifySignInLink = (token: string, join?: string) =>
  apiJson<Verified>('POST', '/api/account/sign-in/verify', join ? { token, join } : { token });

/** What the link's page shows before anything is pressed: the address, its family page, the invitations. */
export function useSignInPreview(token: string) {
  return useQuery<SignInPreview>({
    queryKey: ['account', 'sign-in-preview', token],
    queryFn: () => apiJson<SignInPreview>('POST', '/api/account/sign-in/preview', { token }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Every write of the family page: its answer comes once the page's read model shows it, then the page is read again. */
export function useAccountWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.account() });
  const useWrite = <I, O = AccountWritten>(call: (input: I) => Promise<O>) =>
    useMutation({ mutationFn: call, onSuccess: refresh });
  return {
    saveHousehold: useWrite((body: HouseholdDetailsInput) => apiJson('PUT', '/api/account/household', body)),
    addChild: useWrite((body: ChildInput) => apiJson<ChildCreated>('POST', '/api/account/children', body)),
    updateChild: useWrite(({ id, body }: { id: string; body: ChildInput }) =>
      apiJson('PUT', `/api/account/children/${encodeURIComponent(id)}`, body),
    ),
    removeChild: useWrite((id: string) => apiJson('DELETE', `/api/account/children/${encodeURIComponent(id)}`)),
    signWaivers: useWrite((body: { signatures: { childId: string; signedName: string }[]; agree: boolean }) =>
      apiJson('POST', '/api/account/waivers', body),
    ),
    invite: useWrite((email: string) => apiJson('POST', '/api/account/parents', { email })),
    removeParent: useWrite((parentId: string) =>
      apiJson('DELETE', `/api/account/parents/${encodeURIComponent(parentId)}`),
    ),
    takeBookingDetails: useWrite((enrollmentId: string) =>
      apiJson('POST', `/api/account/imports/${encodeURIComponent(enrollmentId)}`, {}),
    ),
    matchBookingChildren: useWrite(
      ({ enrollmentId, body }: { enrollmentId: string; body: MatchBookingChildrenRequest }) =>
        apiJson('POST', `/api/account/bookings/${encodeURIComponent(enrollmentId)}/children`, body),
    ),
  };
}

/** Signs this browser out (or every browser of the family), then shows the sign-in form. */
export async function signOut(everywhere: boolean): Promise<void> {
  await apiJson('POST', everywhere ? '/api/account/sign-out-everywhere' : '/api/account/sign-out', {});
  rememberSignedIn(false);
}

/** Erases this family's personal data (the family page's last section); every session of the family ends. */
export async function eraseOwnFamily(body: EraseOwnFamilyInput): Promise<ErasureAccepted> {
  const erasure = await apiJson<ErasureAccepted>('POST', '/api/account/erase', body);
  rememberSignedIn(false);
  return erasure;
}
