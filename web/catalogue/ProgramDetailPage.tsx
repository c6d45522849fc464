import { useParams } from 'react-router-dom';
import type { Program } from '../../contracts/catalogue/program.js';
import { Badge } from '../components/Badge.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { StarRating } from '../components/StarRating.js';
import { isApiError } from '../core/api.js';
import { formatMoney } from '../core/format.js';
import { PageHead } from '../layout/PageHead.js';
import { LoadError } from './LoadError.js';
import { PRIVATE_LESSONS_MAILTO } from './programLinks.js';
import { ProgramImage } from './ProgramImage.js';
import { ShareProgram } from './ShareProgram.js';
import { island } from '../core/island.js';
import { useLocations, useProgram, useWorkshops } from './queries.js';
import { UpcomingClasses } from './UpcomingClasses.js';
import { ProgramReviews, RatingSource } from './ProgramReviews.js';
import { useSiteOrigin, useVisitNow } from '../core/site.js';
import { JsonLd } from '../layout/JsonLd.js';
import { programCourse } from '../../contracts/site/structured-data.js';
import './ProgramDetailPage.css';

// Below the program's description: it hydrates as it nears the screen.
const ShareProgramIsland = island('ShareProgram', ShareProgram, { hydrate: 'visible' });

/** The tea parties are the classes people give for birthdays: their pages lead to the gift cards. */
const isGiftable = (program: { title: string }) => /tea party/i.test(program.title);

export function ProgramDetailPage() {
  const { slug = '' } = useParams();
  const query = useProgram(slug);
  const program = query.data;

  if (program) return <ProgramDetail program={program} />;
  if (query.isError && isApiError(query.error, 404)) return <ProgramNotFound />;
  return (
    <div className="container section">
      <PageHead
        page="Program Details"
        description="An etiquette program of Great Lakes School of Etiquette in Plano, Texas."
      />
      <BackLink />
      {query.isError ? (
        <LoadError what="this program" />
      ) : (
        <div className="program-detail__loading">
          <Spinner label="Loading program…" showLabel />
        </div>
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link href="/programs" className="back-link">
      <span aria-hidden="true">← </span>Back to Programs
    </Link>
  );
}

function ProgramDetail({ program }: { program: Program }) {
  const hasPills = Boolean(program.duration) && program.groupSize !== undefined;
  const workshops = useWorkshops();
  const locations = useLocations();
  const now = useVisitNow();
  const origin = useSiteOrigin();
  return (
    <article className="program-detail">
      <PageHead
        page={program.title}
        description={programDescription(program)}
        path={`/program/${encodeURIComponent(program.slug)}`}
        share={{ image: program.image || '/images/programs/default.svg', imageAlt: program.title, type: 'article' }}
      />
      <div className="container">
        <BackLink />
        <div className="program-detail__top">
          <ProgramImage program={program} className="program-detail__img" eager />
          <div className="program-detail__summary">
            <Badge variant="accent">{program.category}</Badge>
            <h1 className="program-detail__title">{program.title}</h1>
            {program.rating !== null && <StarRating rating={program.rating} reviews={program.reviews} />}
            <RatingSource program={program} />
            <p className="program-detail__price">{formatMoney(program.price)}</p>
            <p className="program-detail__desc">{program.description}</p>
            {hasPills && (
              <ul className="pills" aria-label="At a glance">
                <li className="pill">
                  <ClockIcon />
                  <span className="sr-only">Duration: </span>
                  {program.duration}
                </li>
                <li className="pill">
                  <GroupIcon />
                  <span>Up to {program.groupSize} students</span>
                </li>
              </ul>
            )}
            {program.ageRequirement && !program.description.includes(program.ageRequirement) && (
              <p className="program-detail__age">Ages {program.ageRequirement}</p>
            )}
            <div className="button-row">
              {program.isPrivate ? (
                <>
                  <Link href={`/private-lessons/${encodeURIComponent(program.id)}`} variant="primary" size="lg">
                    Book a private lesson
                  </Link>
                  <Link href={PRIVATE_LESSONS_MAILTO} variant="outline" size="lg">
                    Contact for Details
                  </Link>
                </>
              ) : (
                <>
                  <Link href="/scheduling" variant="primary" size="lg">
                    Enroll Now
                  </Link>
                  {/* This program's own classes, listed further down: Enroll Now there picks one. */}
                  <Link href="#program-upcoming" variant="outline" size="lg">
                    See upcoming classes
                  </Link>
                </>
              )}
              {isGiftable(program) && (
                <Link href="/gift-cards" variant="outline" size="lg">
                  Give It as a Gift
                </Link>
              )}
            </div>
          </div>
        </div>

        <div className="program-detail__body">
          <div className="program-detail__main">
            {program.fullDescription && (
              <section aria-labelledby="program-description">
                <h2 id="program-description">Program Description</h2>
                {program.fullDescription.split(/\n{2,}/).map((para, i) => (
                  <p key={i} className="keep-lines">
                    {para}
                  </p>
                ))}
              </section>
            )}
            {program.features.length > 0 && (
              <section aria-labelledby="program-features">
                <h2 id="program-features">What You'll Learn</h2>
                <ul className="features">
                  {program.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            {!program.isPrivate && workshops.data && (
              <UpcomingClasses program={program} workshops={workshops.data} now={now} locations={locations.data} />
            )}
            {program.location && (
              <section aria-labelledby="program-location">
                <h2 id="program-location">Location</h2>
                <p>{program.location}</p>
              </section>
            )}
            <ProgramReviews slug={program.slug} />
          </div>
          <ShareProgramIsland program={{ slug: program.slug, title: program.title }} />
        </div>
      </div>
      {/* Structured data for search engines: the program as a Course, each offering a CourseInstance. */}
      {workshops.data && <JsonLd data={programCourse(program, workshops.data, origin, now)} />}
    </article>
  );
}

function ProgramNotFound() {
  return (
    <div className="container container--narrow section not-found-program">
      <PageHead
        page="Program Not Found"
        path={null}
        description="The program you're looking for doesn't exist or has been removed."
      />
      <h1>Program Not Found</h1>
      <p className="lead">The program you're looking for doesn't exist or has been removed.</p>
      <Link href="/programs" variant="primary">
        Return to Programs
      </Link>
    </div>
  );
}

/** The program's short line and the first sentence of its description: what a search result or a shared card shows. */
export function programDescription(program: Program): string {
  const first = program.fullDescription?.match(/^.*?[.!?](?=\s|$)/s)?.[0] ?? '';
  const short = program.description.trim().replace(/[.]$/, '');
  return [`${program.title}: ${short}.`, first].filter(Boolean).join(' ');
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function GroupIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <circle cx="7" cy="7" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="14" cy="8" r="2.1" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M2.5 16c.6-2.8 2.3-4.2 4.5-4.2s3.9 1.4 4.5 4.2M12 12.2c2.4-.4 4.6.8 5.3 3.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
