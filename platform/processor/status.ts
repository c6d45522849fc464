import type { EventStore } from '../eventstore/port.js';
import type { ReadStore } from '../readstore/port.js';

export type ProcessorState = 'starting' | 'running' | 'standby' | 'retrying' | 'stopped';

export interface ProjectionStatus {
  name: string;
  checkpoint: bigint;
  head: bigint;
  /**
   * head - checkpoint. With the SQLite and memory event stores this is the number of events
   * behind; with EventStoreDB positions are log offsets, so only 0 (up to date) is exact.
   */
  lag: bigint;
  /** Checkpoint of an unfinished rebuild's shadow, when one exists. */
  rebuilding?: bigint;
  /** This runner's view, when the status comes from a runner. */
  state?: ProcessorState;
}

/** Reads each named processor's status from the stores; works without a runner (the CLI). */
export async function readStatus(
  processors: readonly { name: string }[],
  eventStore: EventStore,
  readStore: ReadStore,
): Promise<ProjectionStatus[]> {
  const [head, checkpoints] = await Promise.all([eventStore.headPosition(), readStore.listCheckpoints()]);
  return processors.map((p) => {
    const checkpoint = checkpoints.get(p.name) ?? -1n;
    const shadow = checkpoints.get(`${p.name}__rebuild`);
    return {
      name: p.name,
      checkpoint,
      head,
      lag: head > checkpoint ? head - checkpoint : 0n,
      ...(shadow === undefined ? {} : { rebuilding: shadow }),
    };
  });
}
