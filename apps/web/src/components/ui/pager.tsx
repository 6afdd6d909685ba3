import { Button } from './button';

type PagerProps = {
  /** What is being paged, for the accessible name: 'users'. */
  noun: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

/** 'Showing 26–50 of 73' with Previous and Next; the count is announced when it changes. */
export function Pager({ noun, page, pageSize, total, onPageChange }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <p className="pager__status" aria-live="polite">
        {total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`}
      </p>
      {pageCount > 1 && (
        <div className="pager__buttons">
          <Button
            variant="secondary"
            className="button--small"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <span className="pager__page">
            Page {page} of {pageCount}
          </span>
          <Button
            variant="secondary"
            className="button--small"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}
