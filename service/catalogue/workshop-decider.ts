import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { catalogueDecisions, type CatalogueCommand } from './catalogue-decisions.js';
import { seatDecisions, type SeatCommand } from './seat-decisions.js';
import { emptyWorkshop, evolveWorkshop, type WorkshopState } from './workshop-state.js';

export { seatsTaken, spotsLeft, takenAfter, type WorkshopState } from './workshop-state.js';
export { replaceableHold } from './seat-decisions.js';

/** Every command of the workshop stream: the catalogue's (catalogue-decisions.ts) and the seats' (seat-decisions.ts). */
export type WorkshopCommand = CatalogueCommand | SeatCommand;

type Decision<T extends WorkshopCommand['type']> = (
  command: Extract<WorkshopCommand, { type: T }>,
  state: WorkshopState,
) => WorkshopEvent[];

/** Each command's decision by its type: a command without one, or one too many, does not compile. */
const DECISIONS: { [T in WorkshopCommand['type']]: Decision<T> } = { ...catalogueDecisions, ...seatDecisions };

/**
 * The one decider of the workshop stream (`workshop-<id>`): the catalogue's decisions (schedule,
 * update, remove) and the seat decisions of every enrollment, waitlist offer and transfer, each in
 * its file, deciding on one state (workshop-state.ts: a draft evolved in place). Each fold starts
 * from a fresh `initialState` (a getter).
 */
export const workshopDecider: Decider<WorkshopCommand, WorkshopEvent, WorkshopState> = {
  get initialState(): WorkshopState {
    return emptyWorkshop();
  },
  evolve: evolveWorkshop,
  decide: <T extends WorkshopCommand['type']>(command: Extract<WorkshopCommand, { type: T }>, state: WorkshopState) =>
    (DECISIONS[command.type] as Decision<T>)(command, state),
};
