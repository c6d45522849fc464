import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { Link } from '../components/Link.js';
import type { Policies } from '../../contracts/policies/api.js';
import { PageLoading } from '../layout/PageLoading.js';
import { PolicyPage, type PolicySection } from './PolicyPage.js';
import { usePolicies } from './queries.js';

const email = <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>;
const phone = <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>;

const FIXED: PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who We Are',
    body: (
      <p>
        {SCHOOL.fullName} is a small etiquette school at {ADDRESS_ONE_LINE}. We are responsible for the information you
        give us through this website, by e-mail or by phone. Reach us at {email} or {phone}.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What We Collect',
    body: (
      <>
        <p>When you enroll, we collect only what we need to teach your child safely and to run your booking:</p>
        <ul>
          <li>
            <strong>About you:</strong> your name, e-mail and phone, and those of a second parent or guardian if you add
            one.
          </li>
          <li>
            <strong>About your child:</strong> name, age, grade and school; allergies, dietary restrictions and special
            requirements; the names of other participants.
          </li>
          <li>
            <strong>Emergency contacts:</strong> names, phone numbers and relationship to the child.
          </li>
          <li>
            <strong>Your photography choices:</strong> whether your child may be photographed, and whether their first
            name may appear with a photo.
          </li>
          <li>
            <strong>Payment:</strong> the amount, the date and the payment reference. Card details go straight to our
            payment processor, Stripe; we never see or store your card number.
          </li>
        </ul>
        <p>
          When you write to us through the contact or consultation forms, we keep your message and the contact details
          you give. To protect the site from abuse, our server uses your network address in a scrambled (hashed) form to
          limit repeated requests; our logs record booking numbers, not names or e-mail addresses.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why We Use It',
    body: (
      <ul>
        <li>To hold your child’s place and take payment.</li>
        <li>
          To keep children safe in class: instructors see allergies, dietary needs and emergency contacts on the class
          roster.
        </li>
        <li>
          To write to you about your booking: the confirmation, one reminder before the workshop, and any change or
          cancellation.
        </li>
        <li>To keep the accounting records the law requires.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who Sees It',
    body: (
      <>
        <p>
          Our instructors and staff, as their work requires. We share information only with the services that help us
          run the school: Stripe for payments, our e-mail provider to send you messages, and our website host. Each may
          use it only to provide that service.
        </p>
        <p>
          <strong>
            We do not sell or rent your information or your child’s, and we do not use it for advertising.
          </strong>{' '}
          We disclose it to authorities only when the law requires us to.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    body: (
      <p>
        Information about a child comes from the parent or guardian who enrolls them. Children should not send us
        personal information themselves; if a child under 13 has done so, tell us and we will delete it. A parent or
        guardian can see, correct or delete what we hold about their child at any time, as the next section describes.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Keeping It Safe',
    body: (
      <p>
        The site is served over an encrypted connection. Your family’s details are stored encrypted with a key of your
        family’s own, readable only by the school’s staff through the administrator area, which is protected by a key
        per person; every time a staff member opens a class roster or an enrollment in full, it is recorded. No system
        is perfectly secure; if something went wrong that affected your information, we would tell you promptly.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use no advertising or analytics cookies, and we do not track you across other websites. Stripe’s payment form
        may set its own cookies to prevent fraud while you pay.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Notice',
    body: (
      <p>
        If we change how we use your information, we update this page and its date; for an important change, we tell
        families with an upcoming booking by e-mail. Our <Link href="/terms">Enrollment Terms</Link> cover bookings,
        cancellations and refunds.
      </p>
    ),
  },
];

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The sections that state the school's configured numbers (GET /api/policies), placed among the fixed ones. */
function keptAndErased(policies: Policies | undefined): PolicySection[] {
  // Without the numbers (the service could not be reached) the rule is stated without guessing one.
  const safetyDays = policies ? days(policies.safetyDataRetentionDays) : 'the number of days the school sets';
  const backups = policies ? `the last ${policies.backupsKept}` : 'a limited number of';
  return [
    {
      id: 'retention',
      title: 'How Long We Keep It',
      body: (
        <ul>
          <li>
            <strong>Your child’s safety details</strong> (allergies, dietary and medical notes, special requirements and
            the emergency contacts): erased automatically {safetyDays} after your child’s last session with us, unless
            your child is booked for a later one; then {safetyDays} after that one. The booking itself stays.
          </li>
          <li>
            <strong>Names, e-mail, phone, your child’s age, grade and school, and photography choices:</strong> kept
            with the booking until you ask us to erase them, so that we can answer questions about a class and welcome
            you back.
          </li>
          <li>
            <strong>What was bought, amounts, dates and attendance:</strong> kept for the school’s accounts, as tax
            rules expect; after an erasure they no longer name you.
          </li>
          <li>
            <strong>Backups:</strong> we keep {backups} daily copies of our records to recover from a broken disk. An
            erasure stays in force if a backup made before it is ever restored.
          </li>
        </ul>
      ),
    },
    {
      id: 'your-choices',
      title: 'Asking for a Copy, a Correction or Erasure',
      body: (
        <>
          <p>
            Write to {email} or call {phone}, and tell us your name and, if you have one, your order number. To protect
            your family, we answer at the e-mail address you enrolled with, or ask you to confirm who you are.
          </p>
          <ul>
            <li>
              <strong>A copy (export):</strong> we send you everything we hold about you and your child. The page of
              each booking (the “Manage your booking” link in our e-mails) shows what that booking holds and lets you
              correct the participants’ details.
            </li>
            <li>
              <strong>A correction:</strong> we fix it, and tell the instructor when it concerns their class.
            </li>
            <li>
              <strong>Erasure:</strong> we erase your family’s names, e-mail addresses, phone numbers, your children’s
              details and your messages from every booking, waitlist entry and record, our e-mail copies included, and
              they cannot be brought back. The school keeps only what it must: that a booking was made and paid, and
              attendance counts, without your names. If you have a paid class ahead, we first ask whether to cancel it
              under our <Link href="/terms">cancellation policy</Link>.
            </li>
          </ul>
          <p>We answer within 30 days, and there is no charge.</p>
        </>
      ),
    },
  ];
}

export function PrivacyPage() {
  const { data, isPending } = usePolicies();
  if (isPending) return <PageLoading />;
  const [retention, choices] = keptAndErased(data);
  const at = (id: string) => FIXED.findIndex((section) => section.id === id);
  const sections = [
    ...FIXED.slice(0, at('children')),
    retention!,
    ...FIXED.slice(at('children'), at('security')),
    choices!,
    ...FIXED.slice(at('security')),
  ];
  return (
    <PolicyPage
      title="Privacy Notice"
      intro="What we collect about you and your child, why, how long we keep it, and how to ask for a copy or erasure."
      sections={sections}
      updated="August 2025"
    />
  );
}
