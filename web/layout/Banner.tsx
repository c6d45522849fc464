import { Link } from '../components/Link.js';
import './Banner.css';

/** The announcement strip above the header: the school's new Texas location, linking to its page (issue 41 item 4). */
export function Banner() {
  return (
    <section className="banner" aria-label="Announcement">
      <p className="banner__text">
        <span className="banner__badge">New</span>
        <span>
          Now open in Texas: visit our new Plano location at Legacy Commons.{' '}
          <Link href="/locations/plano" className="banner__link">
            Plan your visit
          </Link>
        </span>
      </p>
    </section>
  );
}
