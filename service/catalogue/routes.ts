import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { notFound } from '../core/errors.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { findProgram, findWorkshop, listPrograms, listWorkshops } from './queries.js';

const ProgramParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, 'is not a program id or slug') });
const WorkshopParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a workshop id') });

/** Public catalogue queries; they answer from the `programs` and `schedule` read models only. */
export function catalogueRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/programs', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['programs']);
    return c.json(await listPrograms(deps.readStore));
  });

  app.get(
    '/programs/:id',
    validate('param', ProgramParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['programs']);
      const program = await findProgram(deps.readStore, c.req.valid('param').id);
      if (!program) throw notFound("The program you're looking for doesn't exist or has been removed.");
      return c.json(program);
    },
  );

  app.get('/workshops', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['schedule']);
    return c.json(await listWorkshops(deps.readStore));
  });

  app.get(
    '/workshops/:id',
    validate('param', WorkshopParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['schedule']);
      const workshop = await findWorkshop(deps.readStore, c.req.valid('param').id);
      if (!workshop)
        throw notFound('Workshop Not Found: it may have been removed. Please pick another from the schedule.');
      return c.json(workshop);
    },
  );

  return app;
}
