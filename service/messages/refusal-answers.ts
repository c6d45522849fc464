import type { MessageRefusal } from '../../contracts/messages/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the workshop messages' refusals (contracts/messages/refusals.ts): their part of the one table. */
export const MESSAGE_REFUSAL_ANSWERS: RefusalAnswers<MessageRefusal> = {
  message_recorded_already: { words: () => 'This message has been recorded already.' },
};
