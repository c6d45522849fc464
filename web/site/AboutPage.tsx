import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SCHOOL } from '../../contracts/core/school.js';
import { ConsultationForm } from '../inquiries/ConsultationForm.js';
import { PageHead } from '../layout/PageHead.js';
import { CLIENT_TESTIMONIALS } from './testimonials.js';
import { Testimonials } from './Testimonials.js';
import './AboutPage.css';
import { SectionHead } from '../layout/SectionHead.js';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

const CERTIFICATIONS = [
  "Certified Children's and Teen Etiquette Instructor",
  'Certified Corporate Etiquette and International Protocol Consultant',
  'Certified Dining Etiquette Instructor',
  'Certified Image and Professional Presence Coach',
];

const EDUCATION = [
  'Bachelor of Arts in Communication Studies',
  'Master of Education, Curriculum and Instruction',
  'Continuing studies in hospitality and protocol',
];

/** Moves to #consultation when the page is opened with that hash (links from Contact and the footer). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}

export function AboutPage() {
  useScrollToHash();
  return (
    <>
      <PageHead
        page="About"
        share={PAGE_SHARE.about}
        description={`About ${SCHOOL.fullName} in Plano, Texas, and its founder ${SCHOOL.owner}: good manners are a kindness, and confidence grows when people know how to make others feel at ease.`}
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">About us</span>
          <h1>About {SCHOOL.name}</h1>
          <p className="lead">
            A small school with a simple belief: good manners are a kindness, and confidence grows when people know how
            to make others feel at ease.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="founder-title">
        <div className="container founder">
          <div className="founder__portrait">
            <img
              src="/images/about/founder-portrait.svg"
              alt={`Illustrated portrait of ${SCHOOL.owner}, founder of ${SCHOOL.fullName}`}
              width={480}
              height={600}
              decoding="async"
            />
          </div>
          <div className="founder__bio">
            <span className="eyebrow">Meet our founder</span>
            <h2 id="founder-title" className="founder__name">
              {SCHOOL.owner}
            </h2>
            <p className="founder__role">Founder and Lead Instructor</p>
            <p className="lead">
              {SCHOOL.owner} founded {SCHOOL.fullName} after two decades of teaching, corporate training and hosting
              events, where she saw again and again how much quiet confidence good manners give people.
            </p>
            <p>
              She began by teaching table manners to her own children’s friends around the kitchen table. Word spread
              among families, then schools, then local employers, and the kitchen table became a classroom in Plano.
              Today she and her instructors teach children, teens, adults and teams, always in small groups and always
              with warmth and humour.
            </p>
            <p>
              Her classes are practical: every lesson ends with something students can use that evening, whether that is
              a firm handshake, a thank-you note, or knowing which bread plate is theirs.
            </p>
            <div className="credentials">
              <section aria-labelledby="certifications-title">
                <h3 id="certifications-title">Certifications</h3>
                <ul>
                  {CERTIFICATIONS.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="education-title">
                <h3 id="education-title">Education</h3>
                <ul>
                  {EDUCATION.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </section>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="vision-title">
        <div className="container container--narrow vision">
          <span className="eyebrow">Our vision</span>
          <h2 id="vision-title">A More Gracious Community</h2>
          <blockquote>
            <p>
              We imagine a community where every child can greet a stranger with confidence, every teen can sit down to
              a formal dinner at ease, and every professional treats colleagues and clients with genuine respect.
            </p>
          </blockquote>
        </div>
      </section>

      <section className="section" aria-labelledby="workforce-title">
        <div className="container workforce">
          <div>
            <span className="eyebrow">Workforce development</span>
            <h2 id="workforce-title">Preparing People for the Workplace</h2>
            <p>
              Technical skills open the door; soft skills keep it open. We partner with employers, colleges and
              community programs to prepare people for interviews, client meetings and the everyday courtesies of
              working life.
            </p>
          </div>
          <ul className="workforce__list">
            <li>
              <h3>Interview readiness</h3>
              <p>First impressions, introductions, answering with poise and following up well.</p>
            </li>
            <li>
              <h3>Professional communication</h3>
              <p>E-mail, phone and meeting etiquette, and respectful communication across cultures.</p>
            </li>
            <li>
              <h3>Business dining and networking</h3>
              <p>Hosting and attending business meals and events with ease.</p>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="about-testimonials-title">
        <div className="container">
          <SectionHead eyebrow="Kind words" id="about-testimonials-title" title="What Our Clients Say" />
          <Testimonials items={CLIENT_TESTIMONIALS} layout="pairs" />
        </div>
      </section>

      <section id="consultation" tabIndex={-1} className="section consultation" aria-labelledby="consultation-title">
        <div className="container consultation__inner">
          <div className="consultation__intro">
            <span className="eyebrow">Let’s talk</span>
            <h2 id="consultation-title">Request a Consultation</h2>
            <p>
              Tell us a little about what you have in mind, whether that is a private lesson, a workshop for your school
              or training for your team, and suggest a time that suits you. We will be in touch to confirm.
            </p>
            <div className="consultation__direct">
              <h3>Prefer to reach us directly?</h3>
              <p>
                Email <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>
                <br />
                or call <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>
              </p>
            </div>
          </div>
          <div className="consultation__form">
            <ConsultationForm />
          </div>
        </div>
      </section>
    </>
  );
}
