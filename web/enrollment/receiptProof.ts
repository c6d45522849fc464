import { receiptPdfFileName } from '../../contracts/enrollment/receipt.js';
import { apiRequest } from '../core/api.js';

/**
 * The enroll answer's `receiptToken`, kept in this tab's session storage per enrollment: the order
 * confirmation page sends it (in a POST body, never an address) for the PDF receipt that names
 * the participants. Another tab or a shared link has none, and gets the PDF that names no one.
 */
const storageKey = (enrollmentId: string) => `receipt-proof:${enrollmentId}`;

export function keepReceiptToken(enrollmentId: string, token: string | undefined): void {
  try {
    if (token) window.sessionStorage.setItem(storageKey(enrollmentId), token);
  } catch {
    // Storage refused (private mode, quota): the page offers the receipt that names no one.
  }
}

export function savedReceiptToken(enrollmentId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey(enrollmentId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Fetches the named PDF with the token and saves it under the receipt's file name. */
export async function downloadNamedReceiptPdf(orderId: string, token: string): Promise<void> {
  const res = await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf`, {
    receiptToken: token,
  });
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = receiptPdfFileName(orderId);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
