import { useRouteError } from 'react-router-dom';
import { SCHOOL } from '../../contracts/core/school.js';
import './Layout.css';

/**
 * Shown when a page fails to render or its code cannot be fetched (for example after a
 * deploy replaced the chunks). Plain HTML links: the router itself may be what failed.
 * `standalone` is for the outermost boundary, where the layout (and its <main>) is gone.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const content = (
    <div className="container section route-error">
      <h1>Something went wrong</h1>
      <p className="lead">This page could not be shown. Please reload, or come back in a moment.</p>
      <p>
        <a href={window.location.href}>Reload this page</a> · <a href="/">Go to the home page</a> ·{' '}
        <a href={`mailto:${SCHOOL.email}`}>{SCHOOL.email}</a>
      </p>
    </div>
  );
  return standalone ? <main id="main-content">{content}</main> : content;
}
