import { Link } from '../components/Link.js';
import { PageHead } from '../layout/PageHead.js';
import './NotFound.css';

export function NotFound() {
  return (
    <section className="not-found">
      <PageHead
        page="Page Not Found"
        path={null}
        description="The page you were looking for isn’t here. It may have moved, or the address may have a small typo."
      />
      <div className="container container--narrow">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page Not Found</h1>
        <p className="lead">
          We’re sorry, but the page you were looking for isn’t here. It may have moved, or the address may have a small
          typo.
        </p>
        <div className="button-row button-row--center">
          <Link href="/" variant="primary" size="lg">
            Return Home
          </Link>
          <Link href="/programs" variant="outline" size="lg">
            View Programs
          </Link>
        </div>
        <p className="not-found__help">
          Need a hand? <Link href="/contact">Contact us</Link> and we will point you in the right direction.
        </p>
      </div>
    </section>
  );
}
