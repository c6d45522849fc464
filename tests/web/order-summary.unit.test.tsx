import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { priceEnrollment } from '../../contracts/enrollment/money.js';
import { OrderSummary } from '../../web/enrollment/OrderSummary.js';

/** The summary's terms in order, as a reader meets them. */
const termsOf = (html: string) => [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

describe('the checkout’s order summary', () => {
  it('given a sibling discount and a code, then one subtotal, the discounts, the tax after them and the total', () => {
    const pricing = {
      ...priceEnrollment(7_500, 2, [], {
        siblingDiscountPercent: 10,
        code: { code: 'FAMILY10', percentOff: 10 },
      }),
      balanceDueAt: null,
    };
    const html = renderToString(
      <OrderSummary
        title="Princess Tea Party"
        unitPriceCents={7_500}
        participants={2}
        totalCents={pricing.totalCents}
        pricing={pricing}
      />,
    );
    const terms = termsOf(html);
    expect(terms.filter((t) => t.startsWith('Subtotal'))).toHaveLength(1);
    const at = (start: string) => terms.findIndex((t) => t.startsWith(start));
    expect([
      at('Price'),
      at('Participants'),
      at('Subtotal'),
      at('Sibling'),
      at('Code'),
      at('Tax'),
      at('Total'),
    ]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The seats' own words stay beside the subtotal, and the amounts each once.
    expect(html).toContain('$75.00 x 2 participants');
    expect(html.match(/\$150\.00/g)).toHaveLength(1);
  });

  it('given no breakdown (an order from before pricing), then the specification’s lines in its order', () => {
    const html = renderToString(
      <OrderSummary title="Princess Tea Party" unitPriceCents={7_500} participants={2} totalCents={15_000} />,
    );
    expect(termsOf(html)).toEqual(['Price', 'Participants', 'Subtotal', 'Tax', 'Total']);
  });
});
