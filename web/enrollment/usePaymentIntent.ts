import { startTransition, useEffect, useState } from 'react';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '../../contracts/payments/api.js';
import type { ApiRead } from '../core/useApiRead.js';
import { createPaymentIntent } from './api.js';

/** Intents asked for in this document, by enrollment: asked twice (StrictMode, a remount), it is one request. */
const asked = new Map<string, Promise<CreatePaymentIntentResponse>>();

function askOnce(request: CreatePaymentIntentRequest & { enrollmentId: string }) {
  let intent = asked.get(request.enrollmentId);
  if (!intent) {
    intent = createPaymentIntent(request);
    // A refused or failed request is asked again by the next checkout, not kept.
    intent.catch(() => asked.delete(request.enrollmentId));
    asked.set(request.enrollmentId, intent);
  }
  return intent;
}

/**
 * The checkout's PaymentIntent (POST /api/create-payment-intent), asked for in the browser once the
 * payment panel is live. The checkout is an island: it has no query client, so the one request per
 * enrollment is kept here (the server answers the same intent to a second request anyway).
 */
export function usePaymentIntent(
  request: CreatePaymentIntentRequest & { enrollmentId: string },
): ApiRead<CreatePaymentIntentResponse> {
  const id = request.enrollmentId;
  const [state, setState] = useState<{ id: string; read: ApiRead<CreatePaymentIntentResponse> }>({
    id,
    read: { status: 'pending' },
  });

  useEffect(() => {
    let current = true;
    // The card form it brings renders in a transition: React yields to the browser meanwhile.
    const settle = (read: ApiRead<CreatePaymentIntentResponse>) => startTransition(() => setState({ id, read }));
    askOnce(request).then(
      (data) => current && settle({ status: 'success', data }),
      (error: unknown) => current && settle({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // One intent per enrollment: its amount and title are the enrollment's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return state.id === id ? state.read : { status: 'pending' };
}
