import { SCHOOL } from '../../contracts/core/school.js';
import type { Policies } from '../../contracts/policies/api.js';
import { Link } from '../components/Link.js';
import { PageLoading } from '../layout/PageLoading.js';
import { PolicyPage, type PolicySection } from './PolicyPage.js';
import { usePolicies } from './queries.js';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const contact = (
  <>
    call us at <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a> or write to{' '}
    <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>
  </>
);

function sections(policies: Policies | undefined): PolicySection[] {
  // Without the configured numbers (the service could not be reached), the page still states the
  // rule and sends the parent to the school for the number rather than guessing one.
  const refundWindow = policies ? days(policies.cancellationFullRefundDays) : 'the number of days the school sets';
  const balanceDue = policies ? `${days(policies.balanceDueDaysBefore)} before the first session` : 'before the class';
  const makeupDays = policies ? days(policies.makeupValidDays) : 'the number of days the school sets';
  const giftCards = policies
    ? `from $${policies.giftCardMinDollars} to $${policies.giftCardMaxDollars}`
    : 'of any amount';
  return [
    {
      id: 'enrollment',
      title: 'Enrollment',
      body: (
        <>
          <p>
            A parent or guardian enrolls each child and is responsible for the details given on the form, including
            allergies, dietary needs and emergency contacts. Please keep them up to date: our instructors rely on them.
          </p>
          <p>
            Your place is confirmed when payment is received, or at once for a free workshop. We then send a
            confirmation e-mail with your order number, a receipt and a calendar file.
            {policies &&
              ` While you pay, your seats are held for ${policies.seatHoldMinutes} minutes; an unpaid hold is then released for other families.`}
          </p>
        </>
      ),
    },
    {
      id: 'prices',
      title: 'Prices and Payment',
      body: (
        <p>
          Prices are in US dollars, per participant, as shown on the schedule; no sales tax is added. Card payments are
          processed by Stripe. We never see or store your full card number.
        </p>
      ),
    },
    {
      id: 'deposits',
      title: 'Deposits',
      body: (
        <p>
          Some classes take a deposit: the class and the enrollment form say how much per participant. You pay the
          deposit to book your places, and the rest is due {balanceDue}, unless the class says another date. We e-mail a
          reminder a week before the balance is due and on the day; pay it from the “Manage your booking” link. A
          cancellation is refunded as below, on what you have paid.
        </p>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation and Refunds',
      body: (
        <>
          <p>
            <strong>
              Cancel at least {refundWindow} before the workshop starts and we refund the full amount. After that, no
              refund is given.
            </strong>{' '}
            Days are counted in Central Time, where the school is.
          </p>
          <ul>
            <li>A free enrollment can be cancelled any time before the workshop starts.</li>
            <li>
              A refund goes back where the money came from: the card's part goes back to the card (it usually appears
              within 5 to 10 business days, depending on your bank), a gift card's part goes back onto the gift card,
              and the family credit's part goes back to your family credit. With a family page you may keep the card's
              part as family credit instead.
            </li>
            <li>
              If we cancel or reschedule a workshop, you choose between a full refund and a place in another session.
            </li>
            <li>
              A student dismissed for serious misconduct is not refunded (see the{' '}
              <Link href="/code-of-conduct">Code of Conduct</Link>).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-to-cancel',
      title: 'How to Cancel',
      body: (
        <p>
          Use the “Manage your booking” link in your confirmation e-mail, or {contact} with your order number (it starts
          with ORD- or FREE-). We confirm every cancellation by e-mail, with the refund that applies.
        </p>
      ),
    },
    {
      id: 'transfers',
      title: 'Moving to Another Session',
      body: (
        <p>
          If a date no longer suits you, ask us to move your enrollment to another session of equal or lower price while
          it has room. When the new session costs less, we refund the difference.
        </p>
      ),
    },
    {
      id: 'makeups',
      title: 'Missed Sessions and Make-up Credits',
      body: (
        <p>
          If your child will miss a session of a course, tell us before it starts from your booking page: the seat is
          freed for that session, and you receive a make-up credit, valid for {makeupDays} after the session you miss,
          to book your child into a session of the same program that has a seat free. A credit is not money: it is not
          refunded, and it ends with the booking if the booking is cancelled. A session missed without telling us before
          it starts gives no credit.
        </p>
      ),
    },
    {
      id: 'gift-cards',
      title: 'Gift Cards',
      body: (
        <p>
          Gift cards {giftCards} are bought on our <Link href="/gift-cards">Gift Cards</Link> page and e-mailed to the
          person you choose on the day you choose. The code pays for any class at checkout, in part or in full; what is
          left stays on the card for another enrollment. When an enrollment a gift card paid for is refunded, that part
          goes back onto the gift card.
        </p>
      ),
    },
    {
      id: 'family-credit',
      title: 'Family Credit',
      body: (
        <p>
          With a family page (sign in from the top of any page), a refund can be kept as family credit instead of going
          back to the card. The credit is your family's: your family page shows it, and it is used first at your next
          checkout, where you can also choose to keep it for later.
        </p>
      ),
    },
    {
      id: 'reminders',
      title: 'E-mails Before the Workshop',
      body: (
        <p>
          Besides the confirmation, we send one reminder
          {policies ? ` about ${policies.reminderHours} hours` : ' shortly'} before the workshop with the date, time,
          address and attire. If you enroll closer to the start than that, the confirmation is the only e-mail you
          receive.
        </p>
      ),
    },
    {
      id: 'on-the-day',
      title: 'On the Day',
      body: (
        <p>
          Please arrive 15 minutes early and dress as the workshop’s attire describes. Students follow our{' '}
          <Link href="/code-of-conduct">Code of Conduct</Link>. Photographs are taken only as your choices under our{' '}
          <Link href="/photography-release">Photography Release</Link> allow.
        </p>
      ),
    },
    {
      id: 'health',
      title: 'Health and Safety',
      body: (
        <p>
          Tell us on the form about allergies, dietary restrictions and anything else that helps your child take part
          safely. We are not a medical provider: in an emergency we call 911 and then the emergency contacts you gave
          us.
        </p>
      ),
    },
    {
      id: 'questions',
      title: 'Questions',
      body: <p>For anything these terms do not answer, {contact}. We are glad to help.</p>,
    },
  ];
}

export function TermsPage() {
  const { data, isPending } = usePolicies();
  if (isPending) return <PageLoading />;
  return (
    <PolicyPage
      title="Enrollment Terms"
      intro={`The terms of every enrollment at ${SCHOOL.name}: deposits, our cancellation and refund policy and how to cancel, make-up credits, gift cards and family credit.`}
      sections={sections(data)}
      updated="November 2026"
    />
  );
}
