import { Link } from '../components/Link.js';

/** A quote's or an invoice's link that opens nothing (forged, revised): said plainly, with the way to the office. */
export function Unavailable({ title, words }: { title: string; words: string }) {
  return (
    <div className="container container--narrow section confirm">
      <header className="confirm__head">
        <h1>{title}</h1>
        <p className="lead">{words}</p>
      </header>
      <div className="button-row button-row--center">
        <Link href="/contact" variant="outline" size="lg">
          Contact us
        </Link>
      </div>
    </div>
  );
}
