import type { ReactNode } from 'react';
import { SCHOOL } from '../../contracts/core/school.js';
import { Link } from '../components/Link.js';
import { PageHead } from '../layout/PageHead.js';
import './PolicyPage.css';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy as numbered sections with a table of contents, so a parent can find and cite a point. */
export function PolicyPage({
  title,
  intro,
  sections,
  updated,
  version,
}: {
  title: string;
  intro: ReactNode;
  sections: PolicySection[];
  updated: string;
  /** A document parents sign for each child names its version and date ("Version 1, May 1, 2025"). */
  version?: string;
}) {
  return (
    <>
      <PageHead page={title} description={typeof intro === 'string' ? intro : title} share={PAGE_SHARE.policies} />
      <section className="page-hero">
        <div className="container container--narrow">
          <span className="eyebrow">Policies</span>
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
          {version && <p className="policy__version">{version}</p>}
        </div>
      </section>
      <div className="container container--narrow section policy">
        <nav aria-labelledby="policy-toc-title" className="policy__toc">
          <h2 id="policy-toc-title">Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="policy__sections">
          {sections.map((s, i) => (
            <li key={s.id}>
              <section id={s.id} aria-labelledby={`${s.id}-title`} className="policy__section">
                <h2 id={`${s.id}-title`}>
                  <span className="policy__number" aria-hidden="true">
                    {i + 1}.
                  </span>{' '}
                  {s.title}
                </h2>
                {s.body}
              </section>
            </li>
          ))}
        </ol>
        <p className="policy__footer">
          Last updated {updated}. Questions? Call <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>, write to{' '}
          <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>, or <Link href="/contact">contact us</Link>.
        </p>
      </div>
    </>
  );
}
