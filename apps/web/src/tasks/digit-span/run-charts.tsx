import type { ResultTrial } from '@cogni/domain';
import type { Direction } from '@cogni/domain/tasks/digit-span';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { describeLadder, getLadderDirections, getLadderPoints } from './chart-data';
import { DIRECTION_NAMES } from './labels';

/** One direction's ladder: each test list's length in order, right or missed. */
function LadderChart({
  trials,
  direction,
}: {
  trials: readonly ResultTrial[];
  direction: Direction;
}) {
  const points = useMemo(() => getLadderPoints(trials, direction), [trials, direction]);
  const draw = useCallback<DrawChart>(
    (charts, width) =>
      charts.drawLevelChart(points, { trial: 'List', level: 'List length (digits)' }, width),
    [points],
  );
  return (
    <PlotFigure
      title={`${DIRECTION_NAMES[direction]}: list lengths`}
      label={`Length of each ${direction} list, right or missed`}
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
