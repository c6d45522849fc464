import { useMutation } from '@tanstack/react-query';
import type { SubscribeAccepted, SubscribeRequest } from '../../contracts/newsletter/api.js';
import { apiJson } from '../core/api.js';

/** POST /api/newsletter/subscribe: always the same 202 answer, whoever the address belongs to. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (request: SubscribeRequest) => apiJson<SubscribeAccepted>('POST', '/api/newsletter/subscribe', request),
  });
}
