import { useSearchParams } from 'react-router-dom';
import type { Program } from '../../contracts/catalogue/program.js';
import type { ProgramFilter } from '../../contracts/catalogue/program-filters.js';
import { Link } from '../components/Link.js';
import { PageHead } from '../layout/PageHead.js';
import { CLIENT_TESTIMONIALS } from '../site/testimonials.js';
import { Testimonials } from '../site/Testimonials.js';
import { LoadError } from './LoadError.js';
import { ProgramCard, ProgramCardSkeleton } from './ProgramCard.js';
import { CUSTOM_TRAINING_MAILTO } from './programLinks.js';
import { usePrograms } from './queries.js';
import './ProgramsPage.css';
import { SectionHead } from '../layout/SectionHead.js';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

/** The `?category=` values used by links across the site, and the program categories each one shows. */
const FILTERS = {
  children: { label: 'Children', heading: "Children's Programs", matches: ['children'] },
  teens: { label: 'Teens', heading: 'Teen Programs', matches: ['teens', 'teen'] },
  professional: { label: 'Professional', heading: 'Professional Programs', matches: ['professional', 'business'] },
  business: { label: 'Business', heading: 'Business Programs', matches: ['professional', 'business'] },
} as const satisfies Record<ProgramFilter, { label: string; heading: string; matches: readonly string[] }>;
type FilterKey = keyof typeof FILTERS;

const FILTER_LINKS: Array<{ key: FilterKey | null; label: string }> = [
  { key: null, label: 'All Programs' },
  { key: 'children', label: 'Children' },
  { key: 'teens', label: 'Teens' },
  { key: 'professional', label: 'Professional' },
];

const CUSTOM_TRAINING = [
  {
    title: 'Corporate Training',
    text: 'Business etiquette, dining and client-care workshops for your team, at your office or at our Plano facility.',
  },
  {
    title: 'School Workshops',
    text: 'Age-appropriate lessons on respect, table manners and digital citizenship for classrooms and assemblies.',
  },
  {
    title: 'Special Events',
    text: 'Birthday tea parties, cotillion preparation, scout troops and club gatherings, tailored to your occasion.',
  },
];

function isFilterKey(value: string | null): value is FilterKey {
  return value !== null && Object.hasOwn(FILTERS, value);
}

function applyFilter(programs: Program[], key: FilterKey | null): Program[] {
  if (!key) return programs;
  const wanted: readonly string[] = FILTERS[key].matches;
  return programs.filter((p) => wanted.includes(p.category.trim().toLowerCase()));
}

export function ProgramsPage() {
  const [params] = useSearchParams();
  const raw = params.get('category');
  const filter = isFilterKey(raw) ? raw : null;
  const programs = usePrograms();
  const shown = programs.data ? applyFilter(programs.data, filter) : [];

  return (
    <>
      <PageHead
        page="Programs"
        share={PAGE_SHARE.programs}
        description="Etiquette programs for children, teens, adults and teams in Plano, Texas: from first tea parties to boardroom dinners, every class is small, practical and taught with warmth."
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Programs</span>
          <h1>Our Programs</h1>
          <p className="lead">
            From first tea parties to boardroom dinners, every class is small, practical and taught with warmth. Find
            the right fit for your child, yourself or your team.
          </p>
        </div>
      </section>

      <section className="section programs" aria-labelledby="programs-list-title">
        <div className="container">
          <div className="programs__head">
            <h2 id="programs-list-title">{filter ? FILTERS[filter].heading : 'All Programs'}</h2>
            <nav aria-label="Program categories">
              <ul className="filter-pills">
                {FILTER_LINKS.map((f) => {
                  const current = f.key === filter || (f.key === 'professional' && filter === 'business');
                  return (
                    <li key={f.label}>
                      <Link
                        href={f.key ? `/programs?category=${f.key}` : '/programs'}
                        className="filter-pill"
                        aria-current={current ? 'page' : undefined}
                      >
                        {f.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>

          {programs.isPending && (
            <div className="program-grid" role="status" aria-label="Loading programs">
              {Array.from({ length: 6 }, (_, i) => (
                <ProgramCardSkeleton key={i} />
              ))}
            </div>
          )}
          {programs.isError && <LoadError what="our programs" />}
          {programs.data && shown.length === 0 && (
            <p className="programs__empty">
              There are no programs in this category at the moment. <Link href="/programs">See all programs</Link>
            </p>
          )}
          {shown.length > 0 && (
            <ul className="program-grid">
              {shown.map((program) => (
                <li key={program.id}>
                  <ProgramCard program={program} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="custom-title">
        <div className="container">
          <SectionHead eyebrow="For organizations" id="custom-title" title="Customized Training">
            We design sessions around your people, your setting and your goals.
          </SectionHead>
          <ul className="custom-grid">
            {CUSTOM_TRAINING.map((item) => (
              <li key={item.title} className="custom-card">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
          <p className="center-text">
            <Link href={CUSTOM_TRAINING_MAILTO} variant="primary" size="lg">
              Email Us for a Consultation
            </Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="clients-title">
        <div className="container">
          <SectionHead eyebrow="Kind words" id="clients-title" title="What Our Clients Say" />
          <Testimonials items={CLIENT_TESTIMONIALS.slice(0, 3)} />
          <div className="button-row button-row--center programs__closing">
            <Link href="/schedule" variant="primary" size="lg">
              View Schedule &amp; Enroll
            </Link>
            <Link href="/contact" variant="outline" size="lg">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
