import type { ReactNode } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { ClearFiltersLink } from './ClearFiltersLink.js';
import { WorkshopCard } from './WorkshopCard.js';

export interface WorkshopResultsProps {
  /** What the filters leave, in the order shown. */
  workshops: Workshop[];
  now: Date;
  /** Above the count: the active filters, or the list's title. */
  header?: ReactNode;
  /** The count line ("3 workshops found") and its id, which "Clear all filters" moves focus to. */
  count: ReactNode;
  countId: string;
  /** Said when the filters leave nothing ("No events found for the selected filters."). */
  empty: string;
  /** The bare page "Clear all filters" links to, and what it does with JavaScript. */
  clearHref: string;
  onClear: () => void;
  onViewDetails: (workshop: Workshop) => void;
  gridClassName?: string;
  gridLabel?: string;
}

/**
 * The schedule's and the events' results alike: the filters' line with the count (announced as it
 * changes), then the cards, or a word that nothing matches with "Clear all filters".
 */
export function WorkshopResults({
  workshops,
  now,
  header,
  count,
  countId,
  empty,
  clearHref,
  onClear,
  onViewDetails,
  gridClassName,
  gridLabel,
}: WorkshopResultsProps) {
  return (
    <>
      <div className="schedule__filters">
        {header}
        <p id={countId} className="schedule__count" role="status" tabIndex={-1}>
          {count}
        </p>
      </div>
      {workshops.length === 0 ? (
        <div className="schedule__empty">
          <p>{empty}</p>
          <ClearFiltersLink href={clearHref} countId={countId} onClear={onClear} />
        </div>
      ) : (
        <ul className={gridClassName ? `workshop-grid ${gridClassName}` : 'workshop-grid'} aria-label={gridLabel}>
          {workshops.map((w) => (
            <li key={w.id}>
              <WorkshopCard workshop={w} now={now} onViewDetails={() => onViewDetails(w)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
