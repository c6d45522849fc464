/**
 * The enroll answer's hold token, kept in this tab's session storage beside the checkout's draft
 * (checkoutEnrollment.ts), one per workshop. Sent back with the form, it lets this browser change
 * its unpaid enrollment (the new one replaces it and keeps its time); nobody else can.
 */
const storageKey = (workshopId: string) => `enroll-hold:${workshopId}`;

export function savedHoldToken(workshopId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey(workshopId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the token of the newest unpaid enrollment of this workshop, or forgets it (free, or refused as damaged). */
export function keepHoldToken(workshopId: string, token: string | undefined): void {
  try {
    if (token) window.sessionStorage.setItem(storageKey(workshopId), token);
    else window.sessionStorage.removeItem(storageKey(workshopId));
  } catch {
    // Storage refused (private mode, quota): a second submission is then a new enrollment.
  }
}
