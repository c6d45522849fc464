import { Button } from '../components/Button.js';
import './LoadError.css';

/** What a page shows when its data could not be read. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">We couldn’t load {what} just now.</p>
      <p>Please check your connection and try again. If it keeps happening, give us a call.</p>
      <Button variant="outline" onPress={onRetry}>
        Try again
      </Button>
    </div>
  );
}
