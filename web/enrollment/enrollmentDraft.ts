import { EMPTY_ENROLLMENT_FORM, type EnrollmentFormValues } from '../../contracts/enrollment/form.js';
import { EMPTY_PARTICIPANT } from '../../contracts/enrollment/participants.js';
import { draftStorageKey as storageKey, forgetDraft } from './draftStorage.js';

/*
 * The form as it was sent, kept in this tab's session storage per workshop beside the hold token
 * (holdToken.ts): a parent who goes Back from the checkout finds the form as they filled it, where
 * the browser did not keep the page (its back-forward cache) to show it as it was. It lives as
 * long as the tab, in this browser only, and goes once the enrollment is paid or confirmed.
 */

/** Each field of `shape` from `given` when it is of the same kind (numbers may be empty), else the empty value. */
function like<T extends object>(shape: T, given: unknown): T {
  const source = given && typeof given === 'object' ? (given as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...(shape as Record<string, unknown>) };
  for (const [key, empty] of Object.entries(shape)) {
    const value = source[key];
    const numeric = typeof empty === 'number' || empty === null;
    if (typeof value === typeof empty && !Array.isArray(empty)) out[key] = value;
    else if (numeric && (value === null || (typeof value === 'number' && Number.isFinite(value)))) out[key] = value;
  }
  return out as T;
}

/** A stored draft read back as form values: anything missing or of the wrong kind is the empty field. */
export function draftValues(stored: unknown): EnrollmentFormValues | null {
  if (!stored || typeof stored !== 'object') return null;
  const details = (stored as { participantDetails?: unknown }).participantDetails;
  const participants = Array.isArray(details) ? details.slice(0, 5).map((d) => like(EMPTY_PARTICIPANT, d)) : [];
  return {
    ...like(EMPTY_ENROLLMENT_FORM, stored),
    participantDetails: participants.length > 0 ? participants : [EMPTY_PARTICIPANT],
  };
}

/** Whether this document was opened by the browser's Back or Forward (not a link, a reload or a typed address). */
const openedByHistory = () =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward';

/**
 * The form as it was sent from this tab, when the page was opened by Back (or Forward): a parent
 * who opens the enroll page afresh starts from a blank form, as before.
 */
export function savedDraft(workshopId: string): EnrollmentFormValues | null {
  try {
    if (!openedByHistory()) return null;
    const stored = window.sessionStorage.getItem(storageKey(workshopId));
    return stored ? draftValues(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

export function keepDraft(workshopId: string, values: EnrollmentFormValues | undefined): void {
  try {
    if (values) window.sessionStorage.setItem(storageKey(workshopId), JSON.stringify(values));
    else forgetDraft(workshopId);
  } catch {
    // Storage refused (private mode, quota): Back shows what the browser kept, if anything.
  }
}
