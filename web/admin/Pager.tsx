import { Button } from '../components/Button.js';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}

/** "Showing 26–50 of 10,000" with Previous and Next; the live region tells screen readers the page changed. */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__status" aria-live="polite">
        Showing {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </p>
      <div className="pager__buttons">
        <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="pager__page">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
