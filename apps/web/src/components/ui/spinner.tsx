import { useLingui } from '@lingui/react/macro';

type SpinnerProps = { label?: string };

/** A busy indicator with a text alternative for screen readers ('Loading…' unless told). */
export function Spinner({ label }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}
