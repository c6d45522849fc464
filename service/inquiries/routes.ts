import { Hono } from 'hono';
import { ContactMessageSchema, ConsultationRequestSchema, inquiryStream } from '../../contracts/inquiries/inquiry.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { requestMetadata } from '../core/metadata.js';
import { inquiryDecider, type InquiryCommand } from './inquiry-decider.js';
import { rateLimit } from '../core/rate-limit.js';

/** POST /api/contact and /api/consultation: each appends one event; 201 means it is on disk. */
export function inquiryRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const receive = async (command: InquiryCommand, metadata: ReturnType<typeof requestMetadata>) => {
    const { position } = await deps.commands.handle(
      inquiryDecider,
      inquiryStream(command.inquiryId),
      command,
      metadata,
    );
    deps.log.info('inquiry received', { inquiryId: command.inquiryId, kind: command.type });
    return { success: true as const, id: command.inquiryId, position: position!.toString() };
  };

  app.post('/contact', limited, validate('json', ContactMessageSchema), async (c) => {
    const command: InquiryCommand = {
      type: 'ReceiveContactMessage',
      inquiryId: deps.newId(),
      message: c.req.valid('json'),
    };
    return c.json(await receive(command, requestMetadata(c, deps, 'visitor')), 201);
  });

  app.post('/consultation', limited, validate('json', ConsultationRequestSchema), async (c) => {
    const command: InquiryCommand = {
      type: 'RequestConsultation',
      inquiryId: deps.newId(),
      request: c.req.valid('json'),
    };
    return c.json(await receive(command, requestMetadata(c, deps, 'visitor')), 201);
  });

  return app;
}
