import type { Decider } from '../../platform/command/decider.js';
import type {
  MessageRecipient,
  WorkshopMessageEvent,
  WorkshopMessageWritten,
} from '../../contracts/messages/events.js';
import { MESSAGE_REFUSAL_KINDS, type MessageRefusal } from '../../contracts/messages/refusals.js';
import { refuser } from '../core/errors.js';

const refuse = refuser<MessageRefusal>(MESSAGE_REFUSAL_KINDS);

export type WorkshopMessageCommand =
  /** Records the message with its recipients, decided by the caller from the workshop as it stands. */
  | { type: 'WriteWorkshopMessage'; message: WorkshopMessageWritten }
  | { type: 'RecordMessageSent'; recipientId: string; emailMessageId: string; transport: 'smtp' | 'outbox'; at: string }
  | { type: 'RecordMessageUndeliverable'; recipientId: string; reason: string; at: string };

/** A message stream is empty, or holds one message and what became of each of its e-mails. */
export type WorkshopMessageState =
  | { phase: 'none' }
  | {
      phase: 'written';
      message: WorkshopMessageWritten;
      /** Recipients whose e-mail has left, or never can: nothing more is done for them. */
      done: Record<string, 'sent' | 'undeliverable'>;
    };

const recipientOf = (message: WorkshopMessageWritten, id: string): MessageRecipient | undefined =>
  message.recipients.find((r) => r.id === id);

/** The recipients still owed their e-mail, in the order they were decided. */
export const pendingRecipients = (s: WorkshopMessageState): MessageRecipient[] =>
  s.phase === 'written' ? s.message.recipients.filter((r) => !s.done[r.id]) : [];

/**
 * One message to a workshop's families, on its own stream (expected revision "no stream" for the
 * first event): the recipients are fixed when it is written, and each one is marked once, sent or
 * undeliverable. A second mark for the same recipient records nothing, so a reactor delivering
 * again after a crash never counts anyone twice.
 */
export const workshopMessageDecider: Decider<WorkshopMessageCommand, WorkshopMessageEvent, WorkshopMessageState> = {
  initialState: { phase: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopMessageWritten':
        return { phase: 'written', message: event.data, done: {} };
      case 'WorkshopMessageSent':
        return state.phase === 'written'
          ? { ...state, done: { ...state.done, [event.data.recipientId]: 'sent' } }
          : state;
      case 'WorkshopMessageUndeliverable':
        return state.phase === 'written'
          ? { ...state, done: { ...state.done, [event.data.recipientId]: 'undeliverable' } }
          : state;
    }
  },

  decide(command, state) {
    if (command.type === 'WriteWorkshopMessage') {
      if (state.phase !== 'none') throw refuse({ code: 'message_recorded_already' });
      return [{ type: 'WorkshopMessageWritten', data: command.message }];
    }
    if (state.phase !== 'written' || state.done[command.recipientId]) return [];
    const recipient = recipientOf(state.message, command.recipientId);
    if (!recipient) return [];
    const { messageId, workshopId, subject } = state.message;
    const base = { messageId, workshopId, recipientId: recipient.id, enrollmentIds: recipient.enrollmentIds };
    if (command.type === 'RecordMessageSent')
      return [
        {
          type: 'WorkshopMessageSent',
          data: {
            ...base,
            subject,
            emailMessageId: command.emailMessageId,
            transport: command.transport,
            sentAt: command.at,
          },
        },
      ];
    return [{ type: 'WorkshopMessageUndeliverable', data: { ...base, reason: command.reason, at: command.at } }];
  },
};
