import { useParams } from 'react-router-dom';
import { ApiError } from '../core/api.js';
import { island } from '../core/island.js';
import { PageHead } from '../layout/PageHead.js';
import { PageLoading } from '../layout/PageLoading.js';
import { LoadError } from '../catalogue/LoadError.js';
import { useWorkshop } from './queries.js';
import { CheckoutView } from './CheckoutView.js';
import { WorkshopNotFound } from './WorkshopNotFound.js';
import './CheckoutPage.css';

// Live as soon as the page has painted: the parent came here to pay.
const CheckoutViewIsland = island('CheckoutView', CheckoutView);

/**
 * /checkout/:id, rendered by the server with its workshop (the page manifest's `findWorkshop`) as
 * islands: the heading is the server's HTML, and the order and payment are one island
 * (CheckoutView) that loads React and the card form only, not the app. The enrollment it is for
 * is read in the browser, so the page is the same for everyone and nothing of the address is in it.
 */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const workshop = useWorkshop(id);

  if (workshop.isPending) return <PageLoading label="Loading your order…" />;
  if (workshop.error instanceof ApiError && workshop.error.status === 404) return <WorkshopNotFound />;
  const head = <PageHead page="Checkout" description="Pay for your enrollment with Great Lakes School of Etiquette." />;
  if (workshop.isError) {
    return (
      <div className="container section">
        {head}
        <LoadError what="your order" />
      </div>
    );
  }
  const w = workshop.data;
  return (
    <div className="container section checkout">
      {head}
      <header className="checkout__head">
        <span className="eyebrow">Checkout</span>
        <h1>Complete Your Enrollment</h1>
        <p className="lead">{w.title}</p>
      </header>
      <CheckoutViewIsland key={w.id} workshop={w} />
    </div>
  );
}
