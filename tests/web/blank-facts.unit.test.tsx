import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { PurchasedItem } from '../../contracts/enrollment/events.js';
import { priceEnrollment } from '../../contracts/enrollment/money.js';
import { EnrollmentSummary } from '../../web/enrollment/EnrollmentSummary.js';
import { PurchasedItemDetails } from '../../web/enrollment/PurchasedItemDetails.js';

const item: PurchasedItem = {
  kind: 'workshop',
  id: '7',
  title: 'Summer Manners Camp',
  date: '2027-01-26T09:00:00-06:00',
  time: '9:00 AM - 12:00 PM',
  location: 'Plano, TX',
  instructor: '',
  duration: '',
  category: 'summer',
  attire: '',
  unitPriceCents: 25_000,
};

const workshop: Workshop = {
  id: '7',
  title: 'Summer Manners Camp',
  description: 'Three mornings of table manners.',
  date: item.date!,
  time: item.time,
  location: item.location,
  instructor: '',
  duration: '',
  category: 'summer',
  price: 250,
  capacity: 12,
  sessions: [{ startsAt: '2027-01-26T09:00:00-06:00', endsAt: '2027-01-26T12:00:00-06:00' }],
  spotsLeft: 12,
  seatsTaken: 0,
};

describe('a workshop saved without an instructor or a duration', () => {
  it('given such a booking, when its confirmation or booking page renders what was booked, then neither label stands there empty', () => {
    const html = renderToString(<PurchasedItemDetails item={item} />);
    expect(html).toContain('Location');
    expect(html).not.toContain('Instructor');
    expect(html).not.toContain('Duration');
  });

  it('given both filled in, then both are shown', () => {
    const html = renderToString(
      <PurchasedItemDetails item={{ ...item, instructor: 'Margaret Ellison', duration: '3 hours' }} />,
    );
    expect(html).toContain('Margaret Ellison');
    expect(html).toContain('3 hours');
  });

  it("given such a workshop, when the enroll page's summary renders, then neither label stands there empty", () => {
    const html = renderToString(
      <EnrollmentSummary
        workshop={workshop}
        participants={1}
        pricing={priceEnrollment(25_000, 1)}
        balanceDueAt={null}
      />,
    );
    expect(html).toContain('Location');
    expect(html).not.toContain('Instructor');
    expect(html).not.toContain('Duration');
    const filled = renderToString(
      <EnrollmentSummary
        workshop={{ ...workshop, instructor: 'Margaret Ellison', duration: '3 hours' }}
        participants={1}
        pricing={priceEnrollment(25_000, 1)}
        balanceDueAt={null}
      />,
    );
    expect(filled).toContain('Margaret Ellison');
    expect(filled).toContain('3 hours');
  });
});
