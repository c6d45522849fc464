import { Button } from '../components/Button.js';
import { island } from '../core/island.js';
import { ReloadButton } from './ReloadButton.js';
import './LoadError.css';

const ReloadIsland = island('ReloadButton', ReloadButton);

/**
 * What a page shows when its data could not be read. Try again asks once more (`onRetry`), or,
 * on a page whose data comes with it (rendered as islands), loads the page again.
 */
export function LoadError({ what, onRetry }: { what: string; onRetry?: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">We couldn’t load {what} just now.</p>
      <p>Please check your connection and try again. If it keeps happening, give us a call.</p>
      {onRetry ? (
        <Button variant="outline" onPress={onRetry}>
          Try again
        </Button>
      ) : (
        <ReloadIsland />
      )}
    </div>
  );
}
