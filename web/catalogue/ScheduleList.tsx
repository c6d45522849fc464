import { useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Badge } from '../components/Badge.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { formatDayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { ClearFiltersLink } from './ClearFiltersLink.js';
import { LazyWorkshopDialog } from './LazyWorkshopDialog.js';
import { isUpcoming } from './saleState.js';
import { CATEGORY_TABS, capitalise, filterWorkshops, parseCategory } from './scheduleFilters.js';
import { useAddressFilters } from './useAddressFilters.js';
import { WorkshopCard } from './WorkshopCard.js';

const COUNT_ID = 'workshop-count';

export interface ScheduleListProps {
  /** The upcoming workshops, soonest first. */
  workshops: Workshop[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The schedule's workshops under their category tabs, narrowed by the picked day, each with its details dialog. */
export function ScheduleList({ workshops, search }: ScheduleListProps) {
  const filters = useAddressFilters(search);
  const [dialog, setDialog] = useState<{ workshop: Workshop | null; open: boolean }>({ workshop: null, open: false });
  // One "now" per visit, so a card does not change state under the pointer while it is read.
  const now = useVisitNow();
  // The server's upcoming list, less what has begun since by the visitor's clock (the same list while hydrating).
  const upcoming = workshops.filter((w) => isUpcoming(w, now));
  const visible = filterWorkshops(upcoming, filters.category, filters.day);

  const list = (
    <div className="schedule__results">
      <div className="schedule__filters">
        {(filters.category !== 'all' || filters.day) && (
          <ul className="schedule__badges" aria-label="Active filters">
            {filters.category !== 'all' && (
              <li>
                <Badge variant="navy">Category: {capitalise(filters.category)}</Badge>
              </li>
            )}
            {filters.day && (
              <li>
                <Badge variant="navy">Date: {formatDayKey(filters.day)}</Badge>
              </li>
            )}
          </ul>
        )}
        <p id={COUNT_ID} className="schedule__count" role="status" tabIndex={-1}>
          {visible.length} workshops found
        </p>
      </div>
      {visible.length === 0 ? (
        <div className="schedule__empty">
          <p>No workshops found for the selected filters.</p>
          <ClearFiltersLink href="/schedule" countId={COUNT_ID} onClear={filters.clear} />
        </div>
      ) : (
        <ul className="workshop-grid">
          {visible.map((w) => (
            <li key={w.id}>
              <WorkshopCard workshop={w} now={now} onViewDetails={() => setDialog({ workshop: w, open: true })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <SchoolLocale>
      <section aria-labelledby="workshops-title" className="schedule__list">
        <h2 id="workshops-title" className="sr-only">
          Workshops
        </h2>
        <Tabs
          selectedKey={filters.category}
          onSelectionChange={(key) => filters.setCategory(parseCategory(String(key)))}
        >
          <TabList aria-label="Workshop category" items={CATEGORY_TABS.map((t) => ({ id: t.value, ...t }))}>
            {(tab) => <Tab id={tab.value}>{tab.label}</Tab>}
          </TabList>
          {CATEGORY_TABS.map((tab) => (
            <TabPanel key={tab.value} id={tab.value}>
              {list}
            </TabPanel>
          ))}
        </Tabs>
        <LazyWorkshopDialog
          workshop={dialog.workshop}
          isOpen={dialog.open}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          now={now}
        />
      </section>
    </SchoolLocale>
  );
}
