import { Hono } from 'hono';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { INQUIRY_KINDS, receiveInquiry } from './receive-inquiry.js';

/** POST /api/contact and /api/consultation: each appends one event; 201 means it is on disk. */
export function inquiryRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);
  const { contact, consultation } = INQUIRY_KINDS;

  app.post('/contact', limited, validate('json', contact.schema), async (c) => {
    const command = contact.command(deps.newId(), c.req.valid('json'));
    return c.json(await receiveInquiry(deps, command, requestMetadata(c, deps, 'visitor')), 201);
  });

  app.post('/consultation', limited, validate('json', consultation.schema), async (c) => {
    const command = consultation.command(deps.newId(), c.req.valid('json'));
    return c.json(await receiveInquiry(deps, command, requestMetadata(c, deps, 'visitor')), 201);
  });

  return app;
}
