import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { Decider } from '../core/decider.js';
import { AppError, conflict, notFound } from '../core/errors.js';

export type WorkshopCommand =
  | { type: 'ScheduleWorkshop'; workshop: WorkshopData }
  | { type: 'UpdateWorkshop'; workshop: WorkshopData }
  | { type: 'RemoveWorkshop'; workshopId: string }
  | { type: 'ReserveSeats'; workshopId: string; enrollmentId: string; seats: number; expiresAt: string }
  | { type: 'ReleaseSeats'; workshopId: string; enrollmentId: string; reason: 'expired' | 'payment-failed' | 'cancelled' }
  /** Confirms a hold; without a live hold (it expired) it takes the seats again if they are free. */
  | { type: 'ConfirmSeats'; workshopId: string; enrollmentId: string; seats: number; at: string };

export interface WorkshopState {
  status: 'none' | 'scheduled' | 'removed';
  workshop: WorkshopData | null;
  /** Seats held by unpaid enrollments, by enrollment id. */
  holds: Record<string, number>;
  /** Seats confirmed (paid or free), by enrollment id. */
  confirmed: Record<string, number>;
}

export const seatsTaken = (s: WorkshopState) =>
  Object.values(s.holds).reduce((a, b) => a + b, 0) + Object.values(s.confirmed).reduce((a, b) => a + b, 0);

export const spotsLeft = (s: WorkshopState) => Math.max(0, (s.workshop?.capacity ?? 0) - seatsTaken(s));

const without = (m: Record<string, number>, key: string) => {
  const { [key]: _gone, ...rest } = m;
  return rest;
};

const requireScheduled = (s: WorkshopState) => {
  if (s.status !== 'scheduled' || !s.workshop) throw notFound('We could not find that workshop. It may have been removed.');
  return s.workshop;
};

const fullMessage = (left: number, wanted: number) =>
  left === 0
    ? 'Sorry, this workshop is full. Please choose another date or contact us to join the waiting list.'
    : `Sorry, only ${left} ${left === 1 ? 'spot is' : 'spots are'} left in this workshop and you asked for ${wanted}. Please reduce the number of participants.`;

export const workshopDecider: Decider<WorkshopCommand, WorkshopEvent, WorkshopState> = {
  initialState: { status: 'none', workshop: null, holds: {}, confirmed: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopScheduled':
        return { ...state, status: 'scheduled', workshop: event.data.workshop };
      case 'WorkshopUpdated':
        return { ...state, workshop: event.data.workshop };
      case 'WorkshopRemoved':
        return { ...state, status: 'removed' };
      case 'SeatsReserved':
        return { ...state, holds: { ...state.holds, [event.data.enrollmentId]: event.data.seats } };
      case 'SeatsReleased':
        return { ...state, holds: without(state.holds, event.data.enrollmentId) };
      case 'SeatsConfirmed':
        return {
          ...state,
          holds: without(state.holds, event.data.enrollmentId),
          confirmed: { ...state.confirmed, [event.data.enrollmentId]: event.data.seats },
        };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleWorkshop':
        if (state.status !== 'none') throw conflict(`A workshop with id ${command.workshop.id} already exists.`);
        return [{ type: 'WorkshopScheduled', data: { workshop: command.workshop } }];

      case 'UpdateWorkshop': {
        requireScheduled(state);
        const taken = seatsTaken(state);
        if (command.workshop.capacity < taken) {
          throw conflict(
            `Capacity cannot be lower than the ${taken} ${taken === 1 ? 'seat' : 'seats'} already taken. Set it to ${taken} or more.`,
          );
        }
        return [{ type: 'WorkshopUpdated', data: { workshop: command.workshop } }];
      }

      case 'RemoveWorkshop': {
        requireScheduled(state);
        const active = Object.keys(state.holds).length + Object.keys(state.confirmed).length;
        if (active > 0) {
          throw conflict(
            `This workshop has ${active} active ${active === 1 ? 'enrollment' : 'enrollments'} and cannot be deleted. Cancel them first or keep the workshop.`,
          );
        }
        return [{ type: 'WorkshopRemoved', data: { workshopId: command.workshopId } }];
      }

      case 'ReserveSeats': {
        requireScheduled(state);
        if (state.holds[command.enrollmentId] !== undefined || state.confirmed[command.enrollmentId] !== undefined) return [];
        const left = spotsLeft(state);
        if (command.seats > left) throw new AppError('conflict', fullMessage(left, command.seats));
        const { workshopId, enrollmentId, seats, expiresAt } = command;
        return [{ type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt } }];
      }

      case 'ReleaseSeats': {
        const seats = state.holds[command.enrollmentId];
        if (seats === undefined) return [];
        const { workshopId, enrollmentId, reason } = command;
        return [{ type: 'SeatsReleased', data: { workshopId, enrollmentId, seats, reason } }];
      }

      case 'ConfirmSeats': {
        const { workshopId, enrollmentId } = command;
        if (state.confirmed[enrollmentId] !== undefined) return [];
        const held = state.holds[enrollmentId];
        if (held !== undefined) return [{ type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats: held } }];
        // The hold expired before the payment arrived: take the seats again only if they are still free.
        requireScheduled(state);
        const left = spotsLeft(state);
        if (command.seats > left) throw new AppError('conflict', fullMessage(left, command.seats));
        const seats = command.seats;
        return [
          { type: 'SeatsReserved', data: { workshopId, enrollmentId, seats, expiresAt: command.at } },
          { type: 'SeatsConfirmed', data: { workshopId, enrollmentId, seats } },
        ];
      }
    }
  },
};
