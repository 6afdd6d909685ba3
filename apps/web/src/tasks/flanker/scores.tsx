import type { RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
import { flankerScoresOf, toPercent } from './labels';

/** A flanker run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function FlankerScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const scores = flankerScoresOf(summary);
  const { congruent, incongruent } = scores;
  const incongruentRt = formatMs(incongruent.meanRtMs);
  const congruentRt = formatMs(congruent.meanRtMs);
  const congruentAccuracy = formatPercent(toPercent(congruent.accuracy));
  const incongruentAccuracy = formatPercent(toPercent(incongruent.accuracy));
  return (
    <dl className="score-list">
      <OverallScoreTile summary={summary} />
      <ScoreTile
        term={t`Flanker effect`}
        extra={
          <Trans>
            incongruent {incongruentRt} − congruent {congruentRt}
          </Trans>
        }
      >
        {formatSignedMs(scores.flankerEffectMs)}
      </ScoreTile>
      <ScoreTile
        term={t`Accuracy effect`}
        extra={
          <Trans>
            congruent {congruentAccuracy} − incongruent {incongruentAccuracy}
          </Trans>
        }
      >
        {formatSignedPoints(toPercent(scores.accuracyFlankerEffect))}
      </ScoreTile>
      <ScoreTile term={t`Mean reaction time`} extra={<Trans>correct answers</Trans>}>
        {formatMs(scores.meanRtMs)}
      </ScoreTile>
    </dl>
  );
}
