import { Spinner } from '../components/Spinner.js';

export function PageLoading({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} showLabel />
    </div>
  );
}
