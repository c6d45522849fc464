import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { localBusiness } from '../../contracts/site/structured-data.js';
import { useSiteOrigin } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { PageHead } from '../layout/PageHead.js';
import { PARENT_TESTIMONIALS } from '../site/testimonials.js';
import { Testimonials } from '../site/Testimonials.js';
import { HeroCarousel } from './HeroCarousel.js';
import { island } from '../core/island.js';
import './HomePage.css';
import { SectionHead } from '../layout/SectionHead.js';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

const SIGNATURE_PROGRAMS = [
  {
    title: "Children's Etiquette",
    ages: 'Ages 6-10',
    text: 'Greetings, table manners, kindness and good sportsmanship, learned through games, role-play and a celebration meal.',
    href: '/programs?category=children',
    image: '/images/programs/manners-and-me.svg',
  },
  {
    title: 'Teen Etiquette',
    ages: 'Ages 11-17',
    text: 'Confident introductions, conversation, dining skills and a thoughtful online presence for the years that shape first impressions.',
    href: '/programs?category=teens',
    image: '/images/programs/etiquette-for-tweens-teens.svg',
  },
  {
    title: 'Professional Etiquette',
    ages: 'Adults and teams',
    text: 'Executive presence, business dining, networking and communication for professionals and organizations.',
    href: '/programs?category=professional',
    image: '/images/programs/executive-edge.svg',
  },
] as const;

const HeroCarouselIsland = island('HeroCarousel', HeroCarousel);

const STEPS = [
  {
    title: 'Discover Programs',
    text: 'Browse classes for children, teens and adults, or ask us to design a session for your group.',
  },
  {
    title: 'Schedule a Class',
    text: 'Pick a date on our course schedule that suits your family, from weekend tea parties to summer camps.',
  },
  {
    title: 'Simple Enrollment',
    text: 'Reserve your place online in a few minutes with secure payment and an instant confirmation.',
  },
] as const;

export function HomePage() {
  const origin = useSiteOrigin();
  return (
    <>
      <PageHead
        description="Great Lakes School of Etiquette in Plano, Texas: etiquette and social skills classes for children, teens, adults and organizations."
        share={PAGE_SHARE.home}
      />
      <HeroCarouselIsland />

      <section className="section" aria-labelledby="parents-title">
        <div className="container intro">
          <div className="intro__text">
            <span className="eyebrow">For parents</span>
            <h2 id="parents-title">Raising Gracious, Confident Children</h2>
            <p className="lead">
              Good manners are really about making other people feel comfortable, and children who learn them early
              carry that confidence into classrooms, friendships and, one day, interviews.
            </p>
            <p>
              In our small classes, children practice greetings, conversation, table manners and kindness through play,
              stories and real meals together. Every lesson ends with something your child can show you at home that
              evening.
            </p>
            <div className="button-row">
              <Link href="/programs?category=children" variant="primary">
                Browse Children’s Classes
              </Link>
              <Link href="/scheduling" variant="outline">
                See the Class Schedule
              </Link>
            </div>
          </div>
          <aside className="intro__promise" aria-labelledby="promise-title">
            <h3 id="promise-title">Our promise to families</h3>
            <ul className="checklist">
              <li>Small groups, so every child is seen and heard</li>
              <li>Certified instructors who love working with young people</li>
              <li>Lessons that build confidence, never embarrassment</li>
              <li>A certificate and a celebration on the final day</li>
            </ul>
          </aside>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="signature-title">
        <div className="container">
          <SectionHead eyebrow="Signature programs" id="signature-title" title="Etiquette for Every Stage of Life">
            Three paths, one aim: people who are at ease with others and leave a lasting, gracious impression.
          </SectionHead>
          <ul className="signature-grid">
            {SIGNATURE_PROGRAMS.map((p) => (
              <Card as="li" key={p.title} interactive padded={false} className="signature-card">
                <img
                  src={p.image}
                  alt=""
                  width={640}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="signature-card__img"
                />
                <div className="signature-card__body">
                  <span className="signature-card__ages">{p.ages}</span>
                  <h3>{p.title}</h3>
                  <p>{p.text}</p>
                  <Link href={p.href} className="signature-card__link">
                    Explore {p.title}
                  </Link>
                </div>
              </Card>
            ))}
          </ul>
          <p className="center-row">
            <Link href="/programs" variant="primary" size="lg">
              View All Programs
            </Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHead eyebrow="Kind words" id="testimonials-title" title="What Families Are Saying" />
          <Testimonials items={PARENT_TESTIMONIALS} />
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="steps-title">
        <div className="container">
          <SectionHead eyebrow="Getting started" id="steps-title" title="Three Simple Steps" />
          <ol className="steps">
            {STEPS.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section cta-band" aria-labelledby="cta-title">
        <div className="container container--narrow cta-band__inner">
          <hr className="ornament" />
          <h2 id="cta-title">Ready to Begin?</h2>
          <p className="lead">
            Reserve a place in an upcoming class, or tell us what you have in mind and we will help you choose.
          </p>
          <div className="button-row button-row--center">
            <Link href="/enroll/1" variant="primary" size="lg">
              Enroll Now
            </Link>
            <Link href="/contact" variant="outline" size="lg">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
      {/* Structured data for search engines, after the page's own content. */}
      <JsonLd data={localBusiness(origin)} />
    </>
  );
}
