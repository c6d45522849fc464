import { receiptFileName, receiptText, type ReceiptOrder } from '../../contracts/enrollment/receipt.js';

/** Saves the receipt as {product}-Receipt-{orderId}.txt through a temporary link. */
export function downloadReceipt(orderId: string, order: ReceiptOrder | null): void {
  const blob = new Blob([receiptText(orderId, order)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = receiptFileName(orderId);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
