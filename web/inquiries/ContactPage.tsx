import { useQuery } from '@tanstack/react-query';
import { SCHOOL } from '../../contracts/core/school.js';
import type { PublicLocation } from '../../contracts/locations/location.js';
import { queryKeys } from '../core/queryKeys.js';
import { Link } from '../components/Link.js';
import { PageHead } from '../layout/PageHead.js';
import { ContactForm } from './ContactForm.js';
import './ContactPage.css';
import { SectionHead } from '../layout/SectionHead.js';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

const FAQS = [
  {
    q: 'How do I enroll in a program?',
    a: `Choose a program, press Enroll Now on its page and pick a date from our schedule. If you would rather enroll with a person, call us at ${SCHOOL.phone} or write to ${SCHOOL.email}.`,
  },
  {
    q: 'Do you offer private lessons?',
    a: 'Yes. We teach individuals and small groups privately, at a pace and on the topics that suit them. Contact us for a short consultation and we will suggest a plan.',
  },
  {
    q: 'Can you train our staff or organization?',
    a: 'Certainly. We run corporate etiquette training on-site at your workplace or at our Plano facility, and we prepare a custom proposal for your team’s goals.',
  },
];

export function ContactPage() {
  const { address } = SCHOOL;
  // Every location with its page (issue 41 item 4); the server renders them with the page.
  const locations = useQuery<PublicLocation[]>({ queryKey: queryKeys.locations() }).data ?? [];
  return (
    <>
      <PageHead
        page="Contact Us"
        share={PAGE_SHARE.location}
        description={`Questions about a class, a private lesson or training for your organization? Write to ${SCHOOL.fullName} in Plano, Texas, or call ${SCHOOL.phone}.`}
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Contact Us</h1>
          <p className="lead">
            Questions about a class, a private lesson or training for your organization? Send us a note and we will
            reply within one business day.
          </p>
        </div>
      </section>

      <div className="container section contact">
        <div className="contact__form-card">
          <ContactForm />
        </div>

        <div className="contact__aside">
          <section className="consult-card" aria-labelledby="consult-card-title">
            <h2 id="consult-card-title">Need a Consultation?</h2>
            <p>
              Planning training for a group, or not sure which class fits? Book a short conversation with our founder.
            </p>
            <Link href="/about#consultation" variant="secondary">
              Request a Consultation
            </Link>
          </section>

          <section className="contact-info" aria-labelledby="contact-info-title">
            <h2 id="contact-info-title">Contact Information</h2>
            <dl className="contact-info__list">
              <div>
                <dt>Address</dt>
                <dd>
                  <address>
                    {address.line1}
                    <br />
                    {address.line2}
                    <br />
                    {address.city}, {address.region} {address.postalCode}
                  </address>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>
                </dd>
              </div>
              {locations.length > 0 && (
                <div>
                  <dt>Locations</dt>
                  <dd>
                    <ul className="contact-info__hours">
                      {locations.map((l) => (
                        <li key={l.id}>
                          <Link href={`/locations/${encodeURIComponent(l.slug)}`}>{l.name}</Link>{' '}
                          <span>
                            {l.address.city}, {l.address.state}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
              <div>
                <dt>Business Hours</dt>
                <dd>
                  <ul className="contact-info__hours">
                    {SCHOOL.hours.map((row) => (
                      <li key={row.days}>
                        <span>{row.days}</span> <span>{row.hours}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>

      <section className="section section--muted" aria-labelledby="faq-title">
        <div className="container container--narrow">
          <SectionHead eyebrow="Good to know" id="faq-title" title="Frequently Asked Questions" />
          <div className="faqs">
            {FAQS.map((faq) => (
              <article key={faq.q} className="faq">
                <h3>{faq.q}</h3>
                <p>{faq.a}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section cta-band contact__closing" aria-labelledby="contact-cta-title">
        <div className="container container--narrow">
          <hr className="ornament" />
          <h2 id="contact-cta-title">Ready to Get Started?</h2>
          <p className="lead">Explore our programs or reserve a place in an upcoming class today.</p>
          <div className="button-row button-row--center">
            <Link href="/programs" variant="outline" size="lg">
              Explore Programs
            </Link>
            <Link href="/enroll/1" variant="primary" size="lg">
              Enroll Now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
