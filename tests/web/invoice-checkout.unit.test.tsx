import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { SEED_WORKSHOPS } from '../../service/catalogue/seed-workshops.js';
import { withSessions } from '../../contracts/catalogue/workshop.js';
import { InvoiceCheckout } from '../../web/enrollment/InvoiceCheckout.js';

const workshopOf = (extra: Partial<Workshop>): Workshop =>
  ({ ...withSessions(SEED_WORKSHOPS[8]!), spotsLeft: 12, seatsTaken: 3, ...extra }) as Workshop;

describe('the enroll page’s invoice checkout (issue 39 item 6)', () => {
  it('given a workshop allowing invoices from 5 seats with 12 left, then it offers an invoice for 5 to 12 seats', () => {
    const html = renderToString(<InvoiceCheckout workshop={workshopOf({ invoiceCheckout: { minSeats: 5 } })} />);
    expect(html).toContain('Booking for your organization?');
    expect(html).toContain('Book 5 to 12 seats');
    expect(html).toContain('Get an invoice');
  });

  it('given a workshop by card only, or with fewer seats left than its minimum, then nothing is offered', () => {
    expect(renderToString(<InvoiceCheckout workshop={workshopOf({})} />)).toBe('');
    const short = workshopOf({ invoiceCheckout: { minSeats: 5 }, spotsLeft: 4 });
    expect(renderToString(<InvoiceCheckout workshop={short} />)).toBe('');
  });
});
