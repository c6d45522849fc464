import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Badge } from '../components/Badge.js';
import { Tab, TabList, TabPanel, Tabs } from '../components/Tabs.js';
import { formatDayKey } from '../core/format.js';
import { useVisitNow } from '../core/site.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { isUpcoming } from './saleState.js';
import { CATEGORY_TABS, capitalise, filterWorkshops, parseCategory } from './scheduleFilters.js';
import { useAddressFilters } from './useAddressFilters.js';
import { useWorkshopDialog } from './useWorkshopDialog.js';
import { WorkshopResults } from './WorkshopResults.js';

export interface ScheduleListProps {
  /** The upcoming workshops, soonest first. */
  workshops: Workshop[];
  /** The query string the page was rendered for. */
  search: string;
}

/** The schedule's workshops under their category tabs, narrowed by the picked day, each with its details dialog. */
export function ScheduleList({ workshops, search }: ScheduleListProps) {
  const filters = useAddressFilters(search);
  // One "now" per visit, so a card does not change state under the pointer while it is read.
  const now = useVisitNow();
  const details = useWorkshopDialog(now);
  // The server's upcoming list, less what has begun since by the visitor's clock (the same list while hydrating).
  const visible = filterWorkshops(
    workshops.filter((w) => isUpcoming(w, now)),
    filters.category,
    filters.day,
  );

  const badges = (filters.category !== 'all' || filters.day) && (
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
  );
  const list = (
    <div className="schedule__results">
      <WorkshopResults
        workshops={visible}
        now={now}
        header={badges}
        count={<>{visible.length} workshops found</>}
        countId="workshop-count"
        empty="No workshops found for the selected filters."
        clearHref="/schedule"
        onClear={filters.clear}
        onViewDetails={details.open}
      />
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
        {details.dialog}
      </section>
    </SchoolLocale>
  );
}
