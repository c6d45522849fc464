import { useSearchParams } from 'react-router-dom';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { OrderView } from '../../contracts/enrollment/api.js';
import type { ReceiptOrder } from '../../contracts/enrollment/receipt.js';
import { formatUsd, toCents } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { formatLongDate } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useOrder, useWorkshop } from './api.js';
import { downloadReceipt } from './receiptDownload.js';
import './OrderConfirmationPage.css';

const dateTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', dateStyle: 'long', timeStyle: 'short' });

/** The order from the read model; without it, what the address says and the catalogue knows. */
export function OrderConfirmationPage() {
  usePageTitle('Order Confirmation');
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const workshopId = search.get('workshopId') ?? '';
  const isFree = search.get('isFree') === 'true';
  const attendeesFromUrl = Math.max(1, Number(search.get('attendees')) || 1);
  const timestamp = Number(search.get('timestamp')) || Date.now();
  const order = useOrder(orderId, search.get('minPosition') ?? undefined);
  const needWorkshop = !order.isPending && !order.data && Boolean(workshopId);
  const workshop = useWorkshopWhen(workshopId, needWorkshop);

  if (order.isPending && orderId) return <PageLoading label="Loading your confirmation…" />;

  const o = order.data ?? null;
  const w = o ? null : (workshop ?? null);
  const receipt: ReceiptOrder | null = o ?? (w ? receiptFromWorkshop(w, attendeesFromUrl, isFree, timestamp) : null);
  const item = receipt?.item ?? null;

  return (
    <div className="container section confirm">
      <header className="confirm__head">
        <div className="confirm__icon" aria-hidden="true">
          ✓
        </div>
        <h1>Enrollment Confirmed!</h1>
        <p className="lead">Thank you for enrolling. We look forward to seeing you.</p>
      </header>

      <div className="confirm__grid">
        <Card as="section" aria-labelledby="confirm-order-title">
          <h2 id="confirm-order-title">Order Details</h2>
          <dl className="confirm__list">
            <Row label="Order number" value={orderId || '—'} />
            {o?.orderReference && <Row label="Order reference" value={o.orderReference} />}
            <Row label="Date" value={dateTime.format(new Date(o?.confirmedAt ?? timestamp))} />
            <Row label="Payment method" value={o?.paymentMethod ?? (isFree ? 'Free Enrollment' : 'Credit Card')} />
            <Row label="Attendees" value={String(o?.participants ?? attendeesFromUrl)} />
            {o && o.attendees.length > 0 && <Row label="Names" value={o.attendees.join(', ')} />}
            <Row label="Total" value={receipt ? formatUsd(receipt.amountCents) : ''} strong />
          </dl>
        </Card>

        <Card as="section" aria-labelledby="confirm-workshop-title">
          <h2 id="confirm-workshop-title">Workshop Information</h2>
          <p className="confirm__title">{item?.title ?? ''}</p>
          {item?.attire && (
            <Badge variant="accent" className="confirm__attire">
              Attire: {item.attire}
            </Badge>
          )}
          <dl className="confirm__list">
            <Row label="Date" value={item?.date ? formatLongDate(item.date) : ''} />
            <Row label="Time" value={item?.time ?? ''} />
            <Row label="Location" value={item?.location ?? ''} />
            <Row label="Instructor" value={item?.instructor ?? ''} />
            <Row label="Duration" value={item?.duration ?? ''} />
          </dl>
        </Card>
      </div>

      <Card as="section" className="confirm__next" aria-labelledby="confirm-next-title">
        <h2 id="confirm-next-title">What&apos;s Next</h2>
        <ul>
          <li>A confirmation e-mail with your receipt and a calendar invitation is on its way.</li>
          <li>Please arrive 15 minutes early so we can start on time.</li>
          <li>Questions? Reply to the e-mail or <Link href="/contact">contact us</Link>.</li>
        </ul>
      </Card>

      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="outline" size="lg">
          Return to Workshops
        </Link>
        <Button size="lg" onPress={() => downloadReceipt(orderId, receipt)} isDisabled={!orderId}>
          Download Receipt
        </Button>
      </div>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'confirm__row confirm__row--strong' : 'confirm__row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function useWorkshopWhen(id: string, enabled: boolean): Workshop | undefined {
  const workshop = useWorkshop(id, enabled);
  return enabled ? workshop.data : undefined;
}

function receiptFromWorkshop(w: Workshop, participants: number, isFree: boolean, timestamp: number): ReceiptOrder {
  const unit = toCents(w.price);
  const at = new Date(timestamp).toISOString();
  return {
    orderReference: null,
    confirmedAt: at,
    submittedAt: at,
    paymentMethod: isFree ? 'Free Enrollment' : 'Credit Card',
    item: { kind: 'workshop', id: w.id, title: w.title, date: w.date, time: w.time, location: w.location, instructor: w.instructor, duration: w.duration, category: w.category, attire: w.attire ?? '', unitPriceCents: unit },
    attendees: [],
    participants,
    subtotalCents: unit * participants,
    taxCents: 0,
    amountCents: unit * participants,
    contactName: '',
    refundedCents: 0,
  } satisfies ReceiptOrder & Partial<OrderView>;
}
