import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';

/** What a pager pages through: each has its own sentences, as languages inflect the noun. */
export type PagerNoun = 'users' | 'entries' | 'participants' | 'results';

type PagerProps = {
  /** What is being paged, for the status and the accessible name. */
  noun: PagerNoun;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

/** 'Showing 26–50 of 73 users' with Previous and Next; the count is announced when it changes. */
export function Pager({ noun, page, pageSize, total, onPageChange }: PagerProps) {
  const { t, i18n } = useLingui();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = i18n.number(total === 0 ? 0 : (page - 1) * pageSize + 1);
  const to = i18n.number(Math.min(total, page * pageSize));
  const { label, status } = (() => {
    switch (noun) {
      case 'users':
        return {
          label: t`Pages of users`,
          status:
            total === 0
              ? t`No users`
              : t({
                  message: plural(total, {
                    one: `Showing ${from}–${to} of # user`,
                    other: `Showing ${from}–${to} of # users`,
                  }),
                }),
        };
      case 'entries':
        return {
          label: t`Pages of entries`,
          status:
            total === 0
              ? t`No entries`
              : t({
                  message: plural(total, {
                    one: `Showing ${from}–${to} of # entry`,
                    other: `Showing ${from}–${to} of # entries`,
                  }),
                }),
        };
      case 'results':
        return {
          label: t`Pages of results`,
          status:
            total === 0
              ? t`No results`
              : t({
                  message: plural(total, {
                    one: `Showing ${from}–${to} of # result`,
                    other: `Showing ${from}–${to} of # results`,
                  }),
                }),
        };
      case 'participants':
        return {
          label: t`Pages of participants`,
          status:
            total === 0
              ? t`No participants`
              : t({
                  message: plural(total, {
                    one: `Showing ${from}–${to} of # participant`,
                    other: `Showing ${from}–${to} of # participants`,
                  }),
                }),
        };
    }
  })();
  const pageNumber = i18n.number(page);
  const pageTotal = i18n.number(pageCount);
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__status" aria-live="polite">
        {status}
      </p>
      {pageCount > 1 && (
        <div className="pager__buttons">
          <Button
            variant="secondary"
            className="button--small"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <Trans>Previous</Trans>
          </Button>
          <span className="pager__page">
            <Trans>
              Page {pageNumber} of {pageTotal}
            </Trans>
          </span>
          <Button
            variant="secondary"
            className="button--small"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <Trans>Next</Trans>
          </Button>
        </div>
      )}
    </nav>
  );
}
