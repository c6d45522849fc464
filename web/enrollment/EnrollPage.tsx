import { useParams } from 'react-router-dom';
import { isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import { formatLongDate } from '../core/format.js';
import { island } from '../core/island.js';
import { useVisitNow } from '../core/site.js';
import { ApiError } from '../core/api.js';
import { PageHead } from '../layout/PageHead.js';
import { PageLoading } from '../layout/PageLoading.js';
import { LoadError } from '../catalogue/LoadError.js';
import { usePricingSettings, useServerFamily, useWorkshop } from './queries.js';
import { EnrollmentClosed } from './EnrollmentClosed.js';
import { EnrollView } from './EnrollView.js';
import { WorkshopNotFound } from './WorkshopNotFound.js';
import './EnrollPage.css';

// The form is the first thing on the screen and is read (and typed into) before anything needs
// React: it hydrates at the visitor's first touch, key or focus, so the first paint has the main
// thread alone. What is typed before then is kept (see EnrollView).
const EnrollViewIsland = island('EnrollView', EnrollView, { hydrate: 'interaction' });

/**
 * /enroll/:id, rendered by the server with its workshop (the page manifest's `findWorkshop`): the
 * summary card and the form are there before any script; for a signed-in parent, her family's form
 * (the manifest's `family`: the server renders her copy alone, with her family as the island's
 * prop, of which only this workshop's bookings travel in the page). A workshop that is not there, or that no
 * longer takes enrollments, is said so instead (decided at the server's minute, then the
 * visitor's clock; the server refuses a late enrollment anyway).
 */
export function EnrollPage() {
  const { id = '' } = useParams();
  const workshop = useWorkshop(id);
  const settings = usePricingSettings();
  const family = useServerFamily();
  const now = useVisitNow();

  if (workshop.isPending) return <PageLoading label="Loading the workshop…" />;
  if (workshop.error instanceof ApiError && workshop.error.status === 404) return <WorkshopNotFound />;
  if (workshop.isError) {
    return (
      <div className="container section">
        <PageHead page="Enroll" description="Enroll in a workshop of Great Lakes School of Etiquette." />
        <LoadError what="this workshop" onRetry={() => void workshop.refetch()} />
      </div>
    );
  }
  const w = workshop.data;
  const head = (
    <PageHead
      page={`Enroll: ${w.title}`}
      path={`/enroll/${encodeURIComponent(w.id)}`}
      description={`Enroll in ${w.title} on ${formatLongDate(w.date)} at ${w.location}: reserve your place with Great Lakes School of Etiquette in Plano, Texas.`}
    />
  );
  // The server refuses a closed workshop anyway; the page says so instead of offering a form.
  if (!isEnrollmentOpen(w, now))
    return (
      <>
        {head}
        <EnrollmentClosed workshop={w} now={now} />
      </>
    );
  return (
    <>
      {head}
      <EnrollViewIsland
        key={w.id}
        workshop={w}
        siblingDiscountPercent={settings.data?.siblingDiscountPercent ?? 0}
        renderedAt={now.toISOString()}
        {...(family ? { family: { ...family, bookings: family.bookings.filter((b) => b.workshopId === w.id) } } : {})}
      />
    </>
  );
}
