import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a workshop message's stream refuses a command (worded in service/messages/refusal-answers.ts). */
export type MessageRefusal = { code: 'message_recorded_already' };

export const MESSAGE_REFUSAL_KINDS: RefusalKinds<MessageRefusal> = { message_recorded_already: 'conflict' };
