import type { ParticipantDetail } from '../enrollment/participants.js';

/**
 * A booking's children once a parent matched them to the family's saved children (issue 37):
 * each matched one carries the saved child's id, as a child enrolled from the family does, so a
 * roster and the enrollment in full read the child as the family keeps them now.
 */
export const withMatchedChildren = (
  details: readonly ParticipantDetail[],
  matches: readonly { participant: number; childId: string }[],
): ParticipantDetail[] =>
  details.map((p, i) => {
    const match = matches.find((m) => m.participant === i);
    return match ? { ...p, childId: match.childId } : p;
  });

/**
 * A parent's correction keeps the same children in the same order, and knows nothing of a match
 * made on the family's side: the ids the details had stay.
 */
export const keepingChildIds = (
  corrected: readonly ParticipantDetail[],
  before: readonly ParticipantDetail[],
): ParticipantDetail[] =>
  corrected.map((p, i) => {
    const childId = p.childId ?? before[i]?.childId;
    return childId ? { ...p, childId } : p;
  });
