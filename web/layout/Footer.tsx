import { SCHOOL } from '../../contracts/core/school.js';
import { Link } from '../components/Link.js';
import { island } from '../core/island.js';
import { yearOf } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { NewsletterSignup } from '../newsletter/NewsletterSignup.js';
import { Crest } from './Crest.js';
import './Footer.css';

const EXPLORE = [
  { href: '/programs', label: 'Programs' },
  { href: '/schedule', label: 'Course Schedule' },
  { href: '/events', label: 'Events' },
  { href: '/gift-cards', label: 'Gift Cards' },
  { href: '/about', label: 'About Us' },
  { href: '/about#consultation', label: 'Request a Consultation' },
  { href: '/contact', label: 'Contact' },
];

// Taken over by the browser only once scrolled into view: most visits never reach the footer.
const NewsletterSignupIsland = island('NewsletterSignup', NewsletterSignup, { hydrate: 'visible' });

const POLICIES = [
  { href: '/terms', label: 'Enrollment Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/code-of-conduct', label: 'Code of Conduct' },
  { href: '/photography-release', label: 'Photography Release' },
];

export function Footer() {
  const { address } = SCHOOL;
  const year = yearOf(useVisitNow());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <div className="site-footer__logo">
            <Crest size={44} />
            <span>{SCHOOL.fullName}</span>
          </div>
          <p>
            Etiquette, confidence and social skills for children, teens, adults and organizations, taught with warmth in
            Plano, Texas.
          </p>
        </div>

        <div>
          <h2 className="site-footer__title">Visit Us</h2>
          <address>
            {address.line1}
            <br />
            {address.line2}
            <br />
            {address.city}, {address.region} {address.postalCode}
          </address>
          <p className="site-footer__contact">
            <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>
            <br />
            <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>
          </p>
        </div>

        <div>
          <h2 className="site-footer__title">Hours</h2>
          <dl className="hours">
            {SCHOOL.hours.map((row) => (
              <div key={row.days} className="hours__row">
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>

        <nav aria-label="Footer">
          <h2 className="site-footer__title">Explore</h2>
          <ul className="site-footer__links">
            {EXPLORE.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <NewsletterSignupIsland />
      </div>
      <div className="site-footer__base">
        <p>
          © {year} {SCHOOL.fullName}. All rights reserved.
        </p>
        <ul className="site-footer__policies">
          {POLICIES.map((item) => (
            <li key={item.href}>
              <Link href={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
