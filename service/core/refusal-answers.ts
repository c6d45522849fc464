import type { Refusal } from '../../contracts/core/refusals.js';
import type { ErrorCode, Refused } from './errors.js';

/** How the API words one refusal: its sentence, and the request field it is about, if any. */
export interface RefusalAnswer<R extends Refusal> {
  /** The request field the answer names in `issues`, so a form or the roster can point at it. */
  field?: string;
  /** What the parent or the administrator reads. */
  words(refusal: R): string;
  /** What the field's issue says, where it is shorter than the words (the words otherwise). */
  fieldWords?(refusal: R): string;
  /** When to ask again (a limit that frees itself), sent as Retry-After. */
  retryAfterSeconds?(refusal: R): number;
}

/** A slice's part of the one table: every code of its refusals with its answer. */
export type RefusalAnswers<R extends Refusal> = { readonly [C in R['code']]: RefusalAnswer<Extract<R, { code: C }>> };

/** The one table, read by the edge without knowing the slices: any code, any refusal. */
export type AnyRefusalAnswers = Readonly<Record<string, RefusalAnswer<Refusal>>>;

const answerOf = (answers: AnyRefusalAnswers, refusal: Refusal) =>
  Object.hasOwn(answers, refusal.code) ? answers[refusal.code] : undefined;

/** The words of a refusal, as the API answers them (a caller that records why may keep them too). */
export function refusalSentence(answers: AnyRefusalAnswers, refusal: Refusal): string {
  return answerOf(answers, refusal)?.words(refusal) ?? 'This request was refused.';
}

/** The JSON body the API answers a refusal with: `{ error, code }`, and `issues` naming the field it is about. */
export function refusalBody(
  answers: AnyRefusalAnswers,
  refused: Pick<Refused, 'refusal' | 'code'>,
): { error: string; code: ErrorCode; issues?: { path: string; message: string }[] } {
  const { refusal, code } = refused;
  const answer = answerOf(answers, refusal);
  const error = refusalSentence(answers, refusal);
  if (!answer?.field) return { error, code };
  return { error, code, issues: [{ path: answer.field, message: answer.fieldWords?.(refusal) ?? error }] };
}

/** When the client may ask again, if the refusal says. */
export const refusalRetryAfter = (answers: AnyRefusalAnswers, refusal: Refusal): number | undefined =>
  answerOf(answers, refusal)?.retryAfterSeconds?.(refusal);
