import { privacyRegistry } from '../../contracts/privacy/registry.js';
import { isPersonal } from '../../contracts/privacy/classes.js';
import type { PrivacyEvent } from '../../contracts/privacy/events.js';
import type { AnyProjector } from '../../platform/processor/projector.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import { rebuildProjection } from '../../platform/processor/rebuild.js';
import { allProjectors } from '../../projections/index.js';
import type { AppDeps } from '../core/deps.js';

export const PRIVACY_SCRUB_REACTOR = 'privacy-scrub';
const SCRUBBING = new Set<string>(['PersonalDataErased', 'SafetyDataErased']);

/** The projections that read an event type with personal fields: the ones an erasure must rebuild. */
export const personalProjectors = (projectors: readonly AnyProjector[] = allProjectors): AnyProjector[] =>
  projectors.filter((p) =>
    p.eventTypes.some((type) => Object.hasOwn(privacyRegistry, type) && isPersonal(privacyRegistry[type]!)),
  );

/**
 * Whether the read models and files no longer hold what the erasure recorded at `position` holds:
 * the scrub has handled it, and no later erasure it left its work to is still waiting.
 */
export async function scrubbed(deps: Pick<AppDeps, 'eventStore' | 'readStore'>, position: bigint): Promise<boolean> {
  const checkpoint = await deps.readStore.getCheckpoint(PRIVACY_SCRUB_REACTOR);
  if (checkpoint < position) return false;
  const after = await deps.eventStore.readAll({ after: checkpoint, limit: 2000 });
  return !after.some((e) => SCRUBBING.has(e.type));
}

/**
 * After an erasure (or a retention erasure), the read models still hold what was projected while
 * the keys existed. This rebuilds every projection that reads personal fields, from the events as
 * they now read ("Erased" where a key is gone), swapping each in while the site serves, then has
 * the embedded stores compact their files (VACUUM, the write-ahead log emptied), so the old rows
 * are in no file. Idempotent: delivered again, it rebuilds again to the same result. When more
 * erasures follow in the feed, it leaves the work to the last of them.
 */
export const privacyScrubReactor = (deps: Pick<AppDeps, 'eventStore' | 'readStore' | 'keys' | 'log'>) =>
  defineReactor<PrivacyEvent>({
    name: PRIVACY_SCRUB_REACTOR,
    eventTypes: ['PersonalDataErased', 'SafetyDataErased'],
    async handle(event) {
      const next = await deps.eventStore.readAll({ after: event.position, limit: 2000 });
      if (next.some((e) => SCRUBBING.has(e.type))) return;
      const started = performance.now();
      // The keys were destroyed by the API's process; keys this process still holds must not
      // read the events again into what is rebuilt.
      await deps.keys.refresh?.();
      const rebuilt = personalProjectors();
      for (const projector of rebuilt)
        await rebuildProjection(projector, { eventStore: deps.eventStore, readStore: deps.readStore });
      await deps.readStore.compact?.();
      await deps.keys.compact?.();
      deps.log.info('read models scrubbed after an erasure', {
        position: event.position,
        projections: rebuilt.length,
        ms: Math.round(performance.now() - started),
      });
    },
  });
