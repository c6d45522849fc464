import type { Context } from 'hono';
import type { Actor, EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from './deps.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Metadata for events caused by this request; a well-formed X-Correlation-Id from the caller is kept. */
export function requestMetadata(c: Context, deps: AppDeps, actor: Actor): EventMetadata {
  const incoming = c.req.header('x-correlation-id');
  const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : deps.newId();
  return { correlationId, causationId: correlationId, actor, at: deps.clock().toISOString() };
}
