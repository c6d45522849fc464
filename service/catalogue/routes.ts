import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { notFound } from '../core/errors.js';
import { MinPositionQuerySchema } from '../core/read-after-write.js';
import type { HotReads } from '../core/hot-reads.js';
import { pickProgram, programsRead, workshopsRead } from './hot-catalogue.js';

const ProgramParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, 'is not a program id or slug') });
const WorkshopParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a workshop id') });

const checkQuery = validate('query', MinPositionQuerySchema);
/** The query checked when there is one: the lists are the hottest reads, and most have none. */
const queryIfAny: MiddlewareHandler = (c, next) => (c.req.url.includes('?') ? checkQuery(c, next) : next());

/**
 * Public catalogue queries; they answer from the `programs` and `schedule` read models only,
 * through the hot reads (in memory per projection position, with ETag, 304 and compression).
 */
export function catalogueRoutes(deps: AppDeps, hot: HotReads): Hono {
  const app = new Hono();
  const programs = programsRead(deps.readStore, deps.config.REVIEWS_MIN_COUNT);
  const workshops = workshopsRead(deps.readStore, deps.clock);

  app.get('/programs', queryIfAny, (c) => hot.answerAll(c, programs, c.req.query('minPosition')));

  app.get(
    '/programs/:id',
    validate('param', ProgramParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { minPosition } = c.req.valid('query');
      const ask = (at: string | undefined) =>
        hot.answer(c, programs, { minPosition: at, part: id, pick: (list) => pickProgram(list, id) });
      const answer = (await ask(minPosition)) ?? (minPosition === undefined ? await ask(await hot.written()) : null);
      if (!answer) throw notFound("The program you're looking for doesn't exist or has been removed.");
      return answer;
    },
  );

  app.get('/workshops', queryIfAny, (c) => hot.answerAll(c, workshops, c.req.query('minPosition')));

  app.get(
    '/workshops/:id',
    validate('param', WorkshopParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { minPosition } = c.req.valid('query');
      const ask = (at: string | undefined) =>
        hot.answer(c, workshops, { minPosition: at, part: id, pick: (list) => list.find((w) => w.id === id) });
      // Not in the read model yet may mean scheduled a moment ago: looked for again once they hold everything written.
      const answer = (await ask(minPosition)) ?? (minPosition === undefined ? await ask(await hot.written()) : null);
      if (!answer)
        throw notFound('Workshop Not Found: it may have been removed. Please pick another from the schedule.');
      return answer;
    },
  );

  return app;
}
