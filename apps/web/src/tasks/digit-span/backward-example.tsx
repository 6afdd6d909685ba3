import { Trans } from '@lingui/react/macro';

/** The worked example of backward recall: the list shown, and the answer entered. */
export function BackwardExample() {
  return (
    <span className="ds-example">
      <span className="ds-example__row">
        <span className="ds-example__label">
          <Trans comment="Digit Span's example: the list shown">You see</Trans>
        </span>
        <span className="ds-example__digits">3 7 2</span>
      </span>
      <span className="ds-example__row">
        <span className="ds-example__label">
          <Trans comment="Digit Span's example: the answer entered">You enter</Trans>
        </span>
        <span className="ds-example__digits">2 7 3</span>
      </span>
    </span>
  );
}
