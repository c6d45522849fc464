import { parseAbsolute } from '@internationalized/date';
import type { Decider } from '../../platform/command/decider.js';
import type { DeciderPolicy } from '../../platform/command/handler.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import {
  documentNumber,
  numberingStream,
  type DocumentKind,
  type NumberingEvent,
} from '../../contracts/organizations/numbering.js';
import type { AppDeps } from '../core/deps.js';

export type NumberingCommand = {
  type: 'AssignNumber';
  kind: DocumentKind;
  year: number;
  documentId: string;
  at: string;
};

/** The last number of a kind and year, and each document's own. */
export interface NumberingState {
  last: number;
  byDocument: Record<string, string>;
}

/**
 * One numbering stream (`numbering-<kind>-<year>`): the next number after the last, once per
 * document (asking again for a document answers the number it has). Decided on the stream's
 * expected revision, so two documents never get the same number and none is skipped; commands that
 * arrive together are decided one after the other in one append (platform/command/handler.ts),
 * on the state the handler keeps for the stream (`numberingStreamPolicies`).
 */
export const numberingDecider: Decider<NumberingCommand, NumberingEvent, NumberingState> = {
  // A year's stream holds every invoice of the year: its state is a draft changed in place (as the
  // workshop's), from a fresh initial state at each fold; the handler drops a state whose append failed.
  get initialState(): NumberingState {
    return { last: 0, byDocument: {} };
  },
  evolve(state, event) {
    state.last = Math.max(state.last, event.data.seq);
    state.byDocument[event.data.documentId] = event.data.number;
    return state;
  },
  decide(command, state) {
    if (state.byDocument[command.documentId]) return [];
    const seq = state.last + 1;
    const { kind, year, documentId, at } = command;
    return [
      {
        type: 'DocumentNumberAssigned',
        data: { kind, year, seq, number: documentNumber(kind, year, seq), documentId, assignedAt: at },
      },
    ];
  },
};

/** The school's calendar year of an instant (America/Chicago): numbers run from 1 each year. */
export const schoolYearOf = (at: string) => parseAbsolute(at, SCHOOL.timeZone).year;

/** The number of `documentId` (its own if it has one), decided on the year of `at`. */
export async function assignNumber(
  deps: Pick<AppDeps, 'commands'>,
  kind: DocumentKind,
  documentId: string,
  at: string,
  metadata: EventMetadata,
): Promise<{ number: string; position: bigint | null }> {
  const year = schoolYearOf(at);
  const handled = await deps.commands.handle(
    numberingDecider,
    numberingStream(kind, year),
    { type: 'AssignNumber', kind, year, documentId, at },
    metadata,
  );
  return { number: handled.state.byDocument[documentId]!, position: handled.position };
}

/** A year's numbers are asked for at once under load (the invoicing workflow): kept and batched. */
export const numberingStreamPolicies: DeciderPolicy[] = [{ decider: numberingDecider, cache: true }];
