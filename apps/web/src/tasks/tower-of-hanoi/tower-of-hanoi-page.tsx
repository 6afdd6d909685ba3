import { type Config, problemCounts, towerOfHanoiTask } from '@cogni/domain/tasks/tower-of-hanoi';
import { plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type CSSProperties, lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { discWidthPercent } from './discs';
import { formatLimit } from './labels';
import './tower-of-hanoi.css';

const loadRunner = () => import('./tower-of-hanoi-runner');
const TowerOfHanoiRunner = lazy(loadRunner);

export default function TowerOfHanoiPage({ source }: { source: RunSource }) {
  const { t } = useLingui();
  const { config, error } = useMemo(
    () => resolveRunConfig(towerOfHanoiTask.settings, source),
    [source],
  );
  const duration = config ? minutesText(towerOfHanoiTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t`Tower of Hanoi`}
      summary={
        duration
          ? t`A puzzle of planning ahead: move discs between three pegs to match a picture. It takes about ${duration}.`
          : t`A puzzle of planning ahead: move discs between three pegs to match a picture.`
      }
      keysLabel={t`1, 2, 3 (or arrows and Enter), Esc`}
      touchLabel={t({ comment: 'the way to answer: by touch', message: 'Touch' })}
      touchHint={t`Tap or drag on the pegs`}
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={TowerOfHanoiRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  const { t } = useLingui();
  const { practice, test } = problemCounts(config);
  const limit = formatLimit(config.timeLimitS);
  const attempts = config.maxAttempts;
  // What the last line says, chosen in the message (the words around them differ by language).
  const opening = practice > 0 ? 'practice' : 'none';
  const tries = attempts > 1 ? 'some' : 'one';
  const moves = config.moveLimit ? 'limited' : 'free';
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          <Trans>
            Move the discs so that your pegs look like the <strong>goal</strong>, the small picture
            above them.
          </Trans>
        </li>
        <li>
          <Trans>
            Move one disc at a time. You can only move the top disc of a peg, and you can{' '}
            <strong>never put a larger disc on a smaller one</strong>.
          </Trans>
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Press <kbd>1</kbd>, <kbd>2</kbd> or <kbd>3</kbd> to lift the top disc of the left,
              middle or right peg, then the number of the peg to put it on. Or move from peg to peg
              with <kbd>←</kbd> and <kbd>→</kbd> and press <kbd>Enter</kbd> (or <kbd>Space</kbd>).{' '}
              <kbd>Esc</kbd> puts a lifted disc back.
            </Trans>
          ) : (
            <Trans>
              Tap a peg to lift its top disc, then tap the peg where you want to put it; you can
              also drag the disc there. Tapping the same peg again puts it back.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            Try to use <strong>as few moves as possible</strong>. Plan before you start: think about
            the whole problem before your first move.
          </Trans>
        </li>
        <li>
          {t({
            comment:
              'opening: whether a practice problem comes first; tries: whether a problem can be tried again; moves: whether the moves are limited',
            message: `${select(opening, { practice: 'After a practice problem there', other: 'There' })} ${plural(test, { one: 'is one problem', other: 'are # problems' })}, with up to ${limit} for ${plural(test, { one: 'it', other: 'each' })}${select(tries, { some: ` and ${attempts} tries`, other: '' })}${select(moves, { limited: '; each try has a limited number of moves', other: '' })}.`,
          })}
        </li>
      </ol>
      <ExampleBoard />
    </>
  );
}

/** A small picture of the puzzle for the instructions: three pegs, a tower on the left. */
function ExampleBoard() {
  const { t } = useLingui();
  const discs = [3, 2, 1];
  return (
    <div
      className="task-example toh-example"
      role="img"
      aria-label={t`Three pegs; the left one holds three discs, the largest at the bottom.`}
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
