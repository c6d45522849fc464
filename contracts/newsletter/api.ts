import { z } from 'zod';
import { NewsletterSourceSchema } from './events.js';

/** `POST /api/newsletter/subscribe`: the address and where the visitor signed up. */
export const SubscribeRequestSchema = z.strictObject({
  email: z
    .string({ error: 'Enter your e-mail address.' })
    .trim()
    .max(254, 'Enter a valid e-mail address.')
    .pipe(z.email('Enter a valid e-mail address.')),
  source: NewsletterSourceSchema,
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** 202, the same answer whatever the address (subscribed already, unsubscribed, new): no one learns who is on the list. */
export interface SubscribeAccepted {
  accepted: true;
  message: string;
}
export const SUBSCRIBE_ACCEPTED: SubscribeAccepted = {
  accepted: true,
  message:
    'Thank you. If this address can be subscribed, a confirmation e-mail is on its way: press its button to confirm.',
};

/** `POST /api/newsletter/confirm/:token` and `POST /api/newsletter/unsubscribe/:token` answer. */
export interface NewsletterLinkAnswer {
  status: 'subscribed' | 'unsubscribed';
}

export const NewsletterTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'is not a link token'),
});
