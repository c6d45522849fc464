/**
 * Where the enroll form's draft (enrollmentDraft.ts) is kept: this tab's session storage, per
 * workshop. Apart from the draft's form values, so the checkout, which only forgets it once paid,
 * does not load the enrollment form's schemas.
 */
export const draftStorageKey = (workshopId: string) => `enroll-draft:${workshopId}`;

/** Paid or confirmed: Back no longer brings the form as it was sent. */
export function forgetDraft(workshopId: string): void {
  try {
    window.sessionStorage.removeItem(draftStorageKey(workshopId));
  } catch {
    // Storage refused (private mode): there is no draft to forget.
  }
}
