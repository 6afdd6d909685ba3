import {
  DEFAULT_TOWER_OF_HANOI_CONFIG,
  type TowerOfHanoiConfig,
  TowerOfHanoiConfigSchema,
  towerOfHanoiProblemCounts,
} from '@cogni/domain/tasks/tower-of-hanoi';
import { type CSSProperties, lazy, useState } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { readPreviewConfig } from '../../lib/preview';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { discWidthPercent } from './discs';
import { formatLimit } from './labels';
import './tower-of-hanoi.css';

const loadRunner = () => import('./tower-of-hanoi-runner');
const TowerOfHanoiRunner = lazy(loadRunner);

/** The settings the run will use: an admin preview's, or the defaults. */
function readPageConfig(): TowerOfHanoiConfig {
  const preview = readPreviewConfig(window.location.search);
  const parsed = preview ? TowerOfHanoiConfigSchema.safeParse(preview) : null;
  return parsed?.success ? parsed.data : DEFAULT_TOWER_OF_HANOI_CONFIG;
}

/** About how long a run takes, in minutes: about 20 s a problem, a little more for hard ones. */
function estimateMinutes(config: TowerOfHanoiConfig): number {
  const { practice, test } = towerOfHanoiProblemCounts(config);
  const perProblem = config.problemSet === 'classic' ? 15_000 * (config.classicDiscs - 2) : 25_000;
  return Math.max(1, Math.round(((practice + test) * perProblem) / 60_000));
}

export default function TowerOfHanoiPage() {
  const [config] = useState(readPageConfig);
  const minutes = estimateMinutes(config);
  return (
    <TaskPage
      title="Tower of Hanoi"
      summary={`A puzzle of planning ahead: move discs between three pegs to match a picture. It takes about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`}
      keysLabel="1, 2, 3 (or arrows and Enter), Esc"
      touchLabel="Touch"
      touchHint="Tap or drag on the pegs"
      instructions={(mode) => <Instructions mode={mode} config={config} />}
      Runner={TowerOfHanoiRunner}
      preloadRunner={loadRunner}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: TowerOfHanoiConfig }) {
  const { practice, test } = towerOfHanoiProblemCounts(config);
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          Move the discs so that your pegs look like the <strong>goal</strong>, the small picture
          above them.
        </li>
        <li>
          Move one disc at a time. You can only move the top disc of a peg, and you can{' '}
          <strong>never put a larger disc on a smaller one</strong>.
        </li>
        <li>
          {mode === 'keyboard' ? (
            <>
              Press <kbd>1</kbd>, <kbd>2</kbd> or <kbd>3</kbd> to lift the top disc of the left,
              middle or right peg, then the number of the peg to put it on. Or move from peg to peg
              with <kbd>←</kbd> and <kbd>→</kbd> and press <kbd>Enter</kbd> (or <kbd>Space</kbd>).{' '}
              <kbd>Esc</kbd> puts a lifted disc back.
            </>
          ) : (
            <>
              Tap a peg to lift its top disc, then tap the peg where you want to put it; you can
              also drag the disc there. Tapping the same peg again puts it back.
            </>
          )}
        </li>
        <li>
          Try to use <strong>as few moves as possible</strong>. Plan before you start: think about
          the whole problem before your first move.
        </li>
        <li>
          {practice > 0 ? 'After a practice problem there ' : 'There '}
          {test === 1 ? 'is one problem' : `are ${test} problems`}, with up to{' '}
          {formatLimit(config.timeLimitS)} for {test === 1 ? 'it' : 'each'}
          {config.maxAttempts > 1 ? ` and ${config.maxAttempts} tries` : ''}
          {config.moveLimit ? '; each try has a limited number of moves' : ''}.
        </li>
      </ol>
      <ExampleBoard />
    </>
  );
}

/** A small picture of the puzzle for the instructions: three pegs, a tower on the left. */
function ExampleBoard() {
  const discs = [3, 2, 1];
  return (
    <div
      className="task-example toh-example"
      role="img"
      aria-label="Three pegs; the left one holds three discs, the largest at the bottom."
    >
      {[1, 2, 3].map((peg) => (
        <span className="toh-example__peg" key={peg}>
          <span className="toh-pole" />
          <span className="toh-stack">
            {peg === 1 &&
              discs.map((disc) => (
                <span
                  key={disc}
                  className={`toh-disc toh-disc--${disc}`}
                  style={{ '--toh-disc-width': `${discWidthPercent(disc, 3)}%` } as CSSProperties}
                />
              ))}
          </span>
        </span>
      ))}
    </div>
  );
}
