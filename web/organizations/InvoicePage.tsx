import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { InvoiceView } from '../../contracts/organizations/invoices.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { Row } from '../enrollment/OrderRow.js';
import { CardPayment } from '../pricing/CardPayment.js';
import { invoicePdfHref, openInvoicePayment, useInvoice, useRefreshInvoice } from './api.js';
import { DocumentLines } from './DocumentLines.js';
import { Unavailable } from './Unavailable.js';
import '../enrollment/OrderConfirmationPage.css';
import './OrganizationPages.css';

const METHOD: Record<InvoiceView['payments'][number]['method'], string> = {
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
  card: 'Card',
};

/**
 * The organization's invoice, opened from its e-mail (`/invoice/<token>`): the school and the
 * buyer, the PO number, dates, lines, tax with its words, total, what was paid and is owed, how to
 * pay, the PDF, and the card payment of what is owed now.
 */
export function InvoicePage() {
  usePageTitle('Your Invoice');
  const { token = '' } = useParams();
  const invoice = useInvoice(token);
  if (invoice.isPending) return <PageLoading label="Loading your invoice…" />;
  if (!invoice.data)
    return (
      <Unavailable
        title="Invoice Link Not Recognized"
        words="This link does not open an invoice. Please use the link in our most recent e-mail, or contact us."
      />
    );
  return <Invoice token={token} invoice={invoice.data} />;
}

function statusOf(i: InvoiceView): { text: string; badge: 'success' | 'danger' | 'neutral' } {
  if (i.status === 'paid') return { text: 'Paid', badge: 'success' };
  if (i.status === 'void') return { text: 'Void', badge: 'danger' };
  return i.overdue ? { text: 'Overdue', badge: 'danger' } : { text: 'Open', badge: 'neutral' };
}

function Invoice({ token, invoice: i }: { token: string; invoice: InvoiceView }) {
  const status = statusOf(i);
  const address = i.buyer.billingAddress;
  return (
    <div className="container section confirm org-doc">
      <header className="confirm__head">
        <h1>Invoice {i.number}</h1>
        <p className="lead">For {i.buyer.name}</p>
        <Badge variant={status.badge}>{status.text}</Badge>
      </header>

      <div className="org-doc__grid">
        <Card as="section" aria-labelledby="invoice-lines-title">
          <h2 id="invoice-lines-title">Invoice</h2>
          <DocumentLines
            lines={i.lines}
            subtotalCents={i.subtotalCents}
            taxCents={i.taxCents}
            taxNote={i.taxNote}
            totalCents={i.totalCents}
          />
          <div className="button-row">
            <Link href={invoicePdfHref(token)} variant="outline" external>
              Download the PDF
            </Link>
          </div>
        </Card>

        <Card as="section" aria-labelledby="invoice-details-title">
          <h2 id="invoice-details-title">Details</h2>
          <dl className="confirm__list">
            <Row label="Billed to" value={i.buyer.name} />
            <Row
              label="Address"
              value={[address.line1, address.line2, `${address.city}, ${address.state} ${address.postalCode}`]
                .filter(Boolean)
                .join(', ')}
            />
            <Row label="Tax id" value={i.buyer.taxId} />
            <Row label="PO number" value={i.poNumber} />
            <Row label="Quote" value={i.quoteNumber} />
            <Row label="Issued" value={formatLongDate(i.issuedAt)} />
            <Row label="Due" value={`${formatLongDate(i.dueAt)} (net ${i.paymentTermsDays} days)`} />
            {i.creditedCents > 0 && <Row label="Credited" value={formatUsd(i.creditedCents)} />}
            <Row label="Paid" value={formatUsd(i.paidCents - i.refundedCents)} />
            <Row label="Balance due" value={formatUsd(i.balanceCents)} strong />
          </dl>
          {i.payments.length > 0 && (
            <>
              <h3 className="org-doc__subhead">Payments received</h3>
              <ul className="org-doc__payments">
                {i.payments.map((p) => (
                  <li key={p.paymentId}>
                    {formatLongDate(p.receivedAt)}: {formatUsd(p.amountCents)} by {METHOD[p.method]}
                    {p.method !== 'card' && p.reference ? ` (${p.reference})` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        {i.status === 'open' && i.balanceCents > 0 && (
          <Card as="section" aria-labelledby="invoice-pay-title">
            <h2 id="invoice-pay-title">How to pay</h2>
            <ul className="org-doc__instructions">
              {i.paymentInstructions.map((words) => (
                // The card's instruction is this page's own address: here it is the form below.
                <li key={words}>{words.startsWith('By card') ? 'By card: right here, below.' : words}</li>
              ))}
            </ul>
            <PayByCard token={token} balanceCents={i.balanceCents} />
          </Card>
        )}
      </div>
    </div>
  );
}

/** "Pay by card": the server opens one PaymentIntent for exactly what is owed, paid with the checkout's form. */
function PayByCard({ token, balanceCents }: { token: string; balanceCents: number }) {
  const [intent, setIntent] = useState<Awaited<ReturnType<typeof openInvoicePayment>> | null>(null);
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshInvoice(token);
  const open = async () => {
    setOpening(true);
    setProblem(null);
    try {
      setIntent(await openInvoicePayment(token));
    } catch (err) {
      setProblem(apiErrorText(err) ?? 'We could not set up the payment just now. Please try again in a moment.');
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="org-doc__card">
      {problem && (
        <p role="alert" className="org-doc__error">
          {problem}
        </p>
      )}
      {intent ? (
        <CardPayment
          clientSecret={intent.clientSecret}
          paymentIntentId={intent.paymentIntentId}
          amountCents={intent.amountCents}
          onPaid={() => void refresh()}
        />
      ) : (
        <div className="button-row">
          <Button onPress={() => void open()} isPending={opening}>
            Pay {formatUsd(balanceCents)} by card
          </Button>
        </div>
      )}
    </div>
  );
}
