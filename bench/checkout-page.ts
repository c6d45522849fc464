/** The seeded workshop whose checkout is measured: the adults' evening (workshop 9, $130, the short form). */
const CHECKOUT_WORKSHOP = '9';

/**
 * The money path's second page as a parent reaches it: an enrollment held through the API the
 * enroll form posts to, then its checkout's address. Opened in a fresh browser, the page finds no
 * enroll answer in the tab and reads the enrollment from the server, as after Stripe's full page
 * load or a checkout link opened in a new tab.
 */
export async function heldCheckoutPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/enroll/workshop/${CHECKOUT_WORKSHOP}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Parent',
      email: `bench.checkout.${Date.now()}@example.com`,
      phone: '(972) 555-0100',
      participants: 1,
      agreeToTerms: true,
      totalPrice: 130,
    }),
  });
  if (res.status !== 201) throw new Error(`enrolling for the checkout answered ${res.status}: ${await res.text()}`);
  const { enrollmentId } = (await res.json()) as { enrollmentId: string };
  return `/checkout/${CHECKOUT_WORKSHOP}?${new URLSearchParams({ participants: '1', enrollmentId })}`;
}
