import type { Context } from 'hono';
import type { Actor, EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from './deps.js';
import { administratorOf } from './admin-identity.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Metadata for events caused by this request; a well-formed X-Correlation-Id from the caller is
 * kept. An admin action also names the administrator whose key made it, so the audit trail says
 * who did it.
 */
export function requestMetadata(c: Context, deps: AppDeps, actor: Actor): EventMetadata {
  const incoming = c.req.header('x-correlation-id');
  const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : deps.newId();
  const administrator = actor === 'admin' ? administratorOf(c) : undefined;
  return {
    correlationId,
    causationId: correlationId,
    actor,
    at: deps.clock().toISOString(),
    ...(administrator ? { administrator: { id: administrator.id, name: administrator.name } } : {}),
  };
}
