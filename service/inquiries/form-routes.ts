import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppDeps } from '../core/deps.js';
import type { InquiryCommand } from './inquiry-decider.js';
import { AppError, validationError } from '../core/errors.js';
import type { AnyRefusalAnswers } from '../core/refusal-answers.js';
import { toErrorResponse } from '../core/http-errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { describeIssues } from '../core/validate.js';
import { formAnswerPage } from './form-answer-page.js';
import { INQUIRY_SENT } from '../../contracts/inquiries/sent.js';
import { INQUIRY_KINDS, receiveInquiry, type InquiryKind } from './receive-inquiry.js';

/** Each page that holds an inquiry form: the path it posts to, where "sent" is shown, and its fields' labels. */
const FORMS: Record<InquiryKind, { path: string; sent: string; name: string; labels: Record<string, string> }> = {
  contact: {
    path: '/contact',
    sent: `/contact?sent=${INQUIRY_SENT.contact}`,
    name: 'the contact form',
    labels: { fullname: 'Full name', company: 'Company', email: 'Email', phone: 'Phone', message: 'Message' },
  },
  consultation: {
    path: '/about',
    sent: `/about?sent=${INQUIRY_SENT.consultation}#consultation`,
    name: 'the consultation form',
    labels: {
      name: 'Name',
      company: 'Company / Organization',
      email: 'Email',
      phone: 'Phone',
      preferredDate: 'Preferred date and time',
      discussionTopic: 'What would you like to discuss?',
    },
  },
};

const FORM_BODY = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The contract's schema on what was posted: the command, or a validation error naming each field. */
function commandOf(kind: InquiryKind, inquiryId: string, fields: Record<string, unknown>): InquiryCommand {
  const parse = <T>(schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data;
    const { message, issues } = describeIssues(parsed.error);
    throw validationError(message, issues);
  };
  const { contact, consultation } = INQUIRY_KINDS;
  return kind === 'contact'
    ? contact.command(inquiryId, parse(contact.schema))
    : consultation.command(inquiryId, parse(consultation.schema));
}

/** The words of each refusal a parent may meet, by status; the error's own words follow. */
const TITLES: Partial<Record<number, string>> = {
  400: 'Please check the form',
  403: 'This form could not be accepted',
  413: 'Your message is too long',
  415: 'This form could not be read',
  429: 'Please wait a moment',
};

/**
 * The inquiry forms as the browser posts them before the page's JavaScript runs (or without it):
 * POST /contact and POST /about, form-encoded, on the pages' own paths. The same schemas, rate
 * limit, command and events as POST /api/contact and /api/consultation; accepted only from this
 * site's own pages (Sec-Fetch-Site or Origin, else 403). Recorded: 303 to the page showing its
 * "Thank You!" panel, so a reload posts nothing twice and no field ever reaches the address bar.
 * Refused: an HTML page with the status, naming each field to correct.
 */
export function inquiryFormRoutes(deps: AppDeps, options: { maxBodyBytes: number; refusals: AnyRefusalAnswers }): Hono {
  const app = new Hono();
  const sameSite = csrf({
    origin: (origin, c) => origin === new URL(deps.config.PUBLIC_URL ?? c.req.url).origin,
    secFetchSite: 'same-origin',
  });
  const formOnly = async (c: Context, next: () => Promise<void>) => {
    if (!FORM_BODY.test(c.req.header('content-type') ?? ''))
      throw new AppError('unsupported_media_type', 'Please send the form from its page on our site.');
    await next();
  };
  const limitBody = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The form is larger than we accept (${Math.round(options.maxBodyBytes / 1024)} KB). Please shorten your message.`,
      );
    },
  });
  const limited = rateLimit(deps);

  for (const kind of Object.keys(FORMS) as InquiryKind[]) {
    const form = FORMS[kind];
    app.post(form.path, sameSite, formOnly, limitBody, limited, async (c) => {
      const posted = await c.req.parseBody();
      const fields = Object.fromEntries(Object.entries(posted).filter(([, v]) => typeof v === 'string'));
      await receiveInquiry(deps, commandOf(kind, deps.newId(), fields), requestMetadata(c, deps, 'visitor'));
      return c.redirect(form.sent, 303);
    });
  }

  // The one mapping of errors to statuses and words (service/core/http-errors.ts), shown as a page.
  app.onError(async (err, c) => {
    const kind = (Object.keys(FORMS) as InquiryKind[]).find((k) => FORMS[k].path === c.req.path) ?? 'contact';
    const form = FORMS[kind];
    const forbidden = err instanceof HTTPException && err.status === 403;
    const answer = forbidden ? null : toErrorResponse(err, c, deps.log, options.refusals);
    const status = (answer?.status ?? 403) as ContentfulStatusCode;
    const body = answer
      ? ((await answer.json()) as { error: string; issues?: { path: string; message: string }[] })
      : { error: 'It was not sent from a page of our site. Please open the form on our site and send it from there.' };
    const fields = body.issues?.map((i) => ({ label: form.labels[i.path] ?? i.path, message: i.message }));
    const retryAfter = answer?.headers.get('Retry-After');
    if (retryAfter) c.header('Retry-After', retryAfter);
    c.header('Cache-Control', 'no-store');
    const backKeeps = 'Your browser’s Back button takes you to the form with what you typed still in it.';
    const lines =
      status === 400
        ? ['Nothing was sent yet. Please correct the following, then send the form again.', backKeeps]
        : status === 403 || status === 415
          ? [body.error]
          : [body.error, 'Nothing was sent yet.', backKeeps];
    const page = formAnswerPage({
      title: TITLES[status] ?? 'Your message was not sent',
      lines,
      fields,
      back: { href: form.path + (kind === 'consultation' ? '#consultation' : ''), label: form.name },
    });
    return c.html(page, status);
  });

  return app;
}
