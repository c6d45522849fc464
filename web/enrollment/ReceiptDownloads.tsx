import type { ReceiptOrder } from '../../contracts/enrollment/receipt.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { downloadReceipt } from './receiptDownload.js';
import { downloadNamedReceiptPdf } from './receiptProof.js';

/** The order confirmation page's PDF: by order number, like the page's own read, so it names no one. */
export const orderReceiptPdfHref = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf`;

/**
 * The receipt two ways: the text file the page has always given ("Download Receipt", made in the
 * browser) and the PDF with the school's details made by the server, for a reimbursement claim.
 */
export function ReceiptDownloads({
  orderId,
  order,
  pdfHref,
  size = 'md',
  pdfVariant = 'outline',
  receiptToken,
}: {
  orderId: string;
  order: ReceiptOrder | null;
  pdfHref: string;
  size?: 'md' | 'lg';
  pdfVariant?: 'primary' | 'outline';
  /** This tab made the enrollment (receiptProof.ts): the PDF names the participants. */
  receiptToken?: string | undefined;
}) {
  return (
    <>
      <Button variant="outline" size={size} isDisabled={!orderId} onPress={() => downloadReceipt(orderId, order)}>
        Download Receipt
      </Button>
      {orderId && receiptToken && (
        <Button
          variant={pdfVariant}
          size={size}
          // Should the proof be refused (a key changed since), the receipt that names no one still comes.
          onPress={() =>
            void downloadNamedReceiptPdf(orderId, receiptToken).catch(() => window.location.assign(pdfHref))
          }
        >
          Download PDF Receipt
        </Button>
      )}
      {orderId && !receiptToken && (
        <Link href={pdfHref} variant={pdfVariant} size={size} download>
          Download PDF Receipt
        </Link>
      )}
    </>
  );
}
