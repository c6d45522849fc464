import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { QuoteView } from '../../contracts/organizations/quotes.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { Unavailable } from './Unavailable.js';
import { TextField } from '../components/TextField.js';
import { apiErrorIssues, apiErrorText, isApiError } from '../core/api.js';
import { formatDayKey } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { Row } from '../enrollment/OrderRow.js';
import { acceptQuote, useQuote } from './api.js';
import { DocumentLines } from './DocumentLines.js';
import '../enrollment/OrderConfirmationPage.css';
import './OrganizationPages.css';

const STATUS: Record<QuoteView['status'], { text: string; badge: 'success' | 'danger' | 'neutral' }> = {
  draft: { text: 'Draft', badge: 'neutral' },
  sent: { text: 'Awaiting your answer', badge: 'neutral' },
  accepted: { text: 'Accepted', badge: 'success' },
  withdrawn: { text: 'Withdrawn', badge: 'danger' },
  expired: { text: 'Expired', badge: 'danger' },
};

/**
 * The organization's quote, opened from the office's e-mail (`/quote/<token>`): its lines,
 * prices, total, terms and validity, and "Accept" with an optional PO number, which issues the
 * invoice at once and goes to its page. A link of an earlier version says the quote was revised.
 */
export function QuotePage() {
  usePageTitle('Your Quote');
  const { token = '' } = useParams();
  const quote = useQuote(token);
  if (quote.isPending) return <PageLoading label="Loading your quote…" />;
  if (!quote.data)
    return (
      <Unavailable
        title={isApiError(quote.error, 410) ? 'This Quote Was Revised' : 'Quote Link Not Recognized'}
        words={
          isApiError(quote.error, 410)
            ? (apiErrorText(quote.error) ?? 'A newer version of this quote was sent. Please use the latest e-mail.')
            : 'This link does not open a quote. Please use the link in our most recent e-mail, or contact us.'
        }
      />
    );
  return <Quote token={token} quote={quote.data} />;
}

function Quote({ token, quote: q }: { token: string; quote: QuoteView }) {
  const navigate = useNavigate();
  const [poNumber, setPoNumber] = useState('');
  const [accepting, setAccepting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const status = STATUS[q.status];

  const accept = async () => {
    setAccepting(true);
    setProblem(null);
    setFieldError(undefined);
    try {
      const accepted = await acceptQuote(token, poNumber.trim());
      navigate(`/invoice/${encodeURIComponent(accepted.invoiceToken)}`);
    } catch (err) {
      setFieldError(apiErrorIssues(err).poNumber);
      setProblem(apiErrorText(err) ?? 'We could not accept the quote just now. Please try again in a moment.');
      setAccepting(false);
    }
  };

  return (
    <div className="container section confirm org-doc">
      <header className="confirm__head">
        <h1>Quote {q.number}</h1>
        <p className="lead">
          For {q.organization.name}
          {q.version > 1 ? ` (revised, version ${q.version})` : ''}
        </p>
        <Badge variant={status.badge}>{status.text}</Badge>
      </header>

      <div className="org-doc__grid">
        <Card as="section" aria-labelledby="quote-lines-title">
          <h2 id="quote-lines-title">What the quote covers</h2>
          <DocumentLines
            lines={q.lines}
            subtotalCents={q.subtotalCents}
            taxCents={q.taxCents}
            taxNote={q.taxNote}
            totalCents={q.totalCents}
          />
          {q.note && <p className="org-doc__note">{q.note}</p>}
        </Card>

        <Card as="section" aria-labelledby="quote-terms-title">
          <h2 id="quote-terms-title">Terms</h2>
          <dl className="confirm__list">
            <Row label="Payment terms" value={`Net ${q.paymentTermsDays} days from the invoice`} />
            <Row label="Valid until" value={formatDayKey(q.validUntil)} />
          </dl>
          {q.status === 'sent' && (
            <form
              className="org-doc__accept"
              onSubmit={(e) => {
                e.preventDefault();
                void accept();
              }}
            >
              <TextField
                label="PO number (optional)"
                description="Your purchase order number, printed on the invoice."
                value={poNumber}
                onChange={setPoNumber}
                maxLength={60}
                errorMessage={fieldError}
                autoComplete="off"
              />
              {problem && (
                <p role="alert" className="org-doc__error">
                  {problem}
                </p>
              )}
              <Button type="submit" isPending={accepting}>
                Accept the quote
              </Button>
            </form>
          )}
          {q.status === 'accepted' && q.invoice && (
            <p>
              Accepted: invoice {q.invoice.number}.{' '}
              <Link href={`/invoice/${encodeURIComponent(q.invoice.token)}`}>Open the invoice</Link>
            </p>
          )}
          {q.status === 'expired' && <p>This quote has expired. Please contact us for a new one.</p>}
          {q.status === 'withdrawn' && <p>This quote was withdrawn. Please contact us if you have questions.</p>}
        </Card>
      </div>
    </div>
  );
}
