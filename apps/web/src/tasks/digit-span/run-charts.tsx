import type { ResultTrial } from '@cogni/domain';
import type { Direction } from '@cogni/domain/tasks/digit-span';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { describeLadder, getLadderDirections, getLadderPoints } from './chart-data';

/** One direction's ladder: each test list's length in order, right or missed. */
function LadderChart({
  trials,
  direction,
}: {
  trials: readonly ResultTrial[];
  direction: Direction;
}) {
  const { t } = useLingui();
  const points = useMemo(() => getLadderPoints(trials, direction), [trials, direction]);
  const axes = useMemo(
    () => ({
      trial: t({ comment: "a chart's axis: the lists in order", message: 'List' }),
      level: t`List length (digits)`,
    }),
    [t],
  );
  const draw = useCallback<DrawChart>(
    (charts, width) => charts.drawLevelChart(points, axes, width),
    [points, axes],
  );
  const isForward = direction === 'forward';
  return (
    <PlotFigure
      title={isForward ? t`Forward: list lengths` : t`Backward: list lengths`}
      label={
        isForward
          ? t`Length of each forward list, right or missed`
          : t`Length of each backward list, right or missed`
      }
      description={describeLadder(direction, points)}
      render={draw}
    />
  );
}

/** The charts of a Digit Span result: each direction's ladder, list by list. */
export function DigitSpanRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const directions = useMemo(() => getLadderDirections(trials), [trials]);
  return (
    <div className="result-details__charts">
      {directions.map((direction) => (
        <LadderChart key={direction} trials={trials} direction={direction} />
      ))}
    </div>
  );
}
