import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Link } from '../components/Link.js';
import type { SaleState } from './saleState.js';
import { WorkshopFullAction } from './WorkshopFullAction.js';
import './WorkshopAction.css';

/** The card's and the dialog's call to action: Enroll Now only while open with seats left. */
export function WorkshopAction({
  workshop: w,
  state,
  size,
  labelled = false,
}: {
  workshop: Workshop;
  state: SaleState;
  size?: 'sm' | 'md';
  /** Adds the title for screen readers ("Enroll Now for ..."), where many cards sit side by side. */
  labelled?: boolean;
}) {
  const forTitle = labelled ? <span className="sr-only"> for {w.title}</span> : null;
  switch (state) {
    case 'open':
      return (
        <Link href={`/enroll/${encodeURIComponent(w.id)}`} variant="primary" size={size}>
          Enroll Now{forTitle}
        </Link>
      );
    case 'full':
      return <WorkshopFullAction workshop={w} />;
    case 'closed':
    case 'past':
      return (
        <p className="workshop-state workshop-state--closed">
          Enrollment closed{labelled && <span className="sr-only"> for {w.title}</span>}
        </p>
      );
  }
}
