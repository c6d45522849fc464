import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { validate } from '../../core/validate.js';
import { confirmationMessageId } from './confirmation-email.js';
import { outboxDir, outboxFileName } from '../../mail/outbox.js';

const ParamSchema = z.object({
  orderId: z.string().regex(/^(ORD|FREE|TEST)-[A-Za-z0-9_-]{1,64}$/, 'is not an order number'),
});

/**
 * GET /api/test/outbox/{orderId} (test mode only): what the embedded mailer wrote for an order,
 * so end-to-end tests check the e-mail without knowing where DATA_DIR is.
 */
export function outboxRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/test/outbox/:orderId', validate('param', ParamSchema), async (c) => {
    const file = outboxFileName(confirmationMessageId(c.req.valid('param').orderId));
    const eml = await readFile(join(outboxDir(deps.config.DATA_DIR), file), 'utf8').catch(() => null);
    if (eml === null) throw notFound('No e-mail for this order in the outbox (yet).');
    // Long header lines are folded (CRLF + space); unfold them before reading one.
    const subject = /^Subject: (.*)$/m.exec(eml.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
    const attachments = [...eml.matchAll(/filename="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
    return c.json({
      file,
      bytes: Buffer.byteLength(eml),
      subject,
      attachments,
      hasIcs: /BEGIN:VCALENDAR/.test(eml) || attachments.some((a) => a.endsWith('.ics')),
    });
  });
  return app;
}
