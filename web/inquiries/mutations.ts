import { useMutation } from '@tanstack/react-query';
import type { ConsultationRequest, ContactMessage, InquiryReceived } from '../../contracts/inquiries/inquiry.js';
import { apiErrorText, apiJson, ApiError } from '../core/api.js';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => apiJson<InquiryReceived>('POST', '/api/contact', message),
  });
}

export function useRequestConsultation() {
  return useMutation({
    mutationFn: (request: ConsultationRequest) => apiJson<InquiryReceived>('POST', '/api/consultation', request),
  });
}

/** The server's words when it answered; the spec's fallback when it answered without any; else the generic line. */
export function describeSendError(err: unknown, fallbacks: { answered: string; generic: string }): string {
  if (err instanceof ApiError) return apiErrorText(err) ?? fallbacks.answered;
  return fallbacks.generic;
}
