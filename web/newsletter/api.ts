import type { SubscribeAccepted, SubscribeRequest } from '../../contracts/newsletter/api.js';
import { apiJson } from '../core/api.js';

/**
 * The enroll form's box, sent once the enrollment is in: a sign-up that fails is not the parent's
 * problem at that moment (the booking matters), so it is let go rather than shown.
 */
export async function subscribeFromEnrollment(email: string): Promise<void> {
  await subscribe({ email, source: 'enroll' }).catch(() => undefined);
}

/** POST /api/newsletter/subscribe: always the same 202 answer, whoever the address belongs to. */
export const subscribe = (request: SubscribeRequest) =>
  apiJson<SubscribeAccepted>('POST', '/api/newsletter/subscribe', request);
