import {
  type Config,
  getLevels,
  getPracticeCorrectNeeded,
  nBackTask,
} from '@cogni/domain/tasks/n-back';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { keysOf } from './labels';
import './n-back.css';

const loadRunner = () => import('./n-back-runner');
const NBackRunner = lazy(loadRunner);

/** '1-back, 2-back and 3-back'. */
function levelList(levels: readonly number[]): string {
  const names = levels.map((n) => `${n}-back`);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export default function NBackPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(nBackTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(nBackTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="N-back"
      summary={`A test of working memory: keep the last few letters in mind.${duration}`}
      keysLabel="F and J"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={NBackRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** A worked example at 2-back: the letters in a row, the targets marked. */
const EXAMPLE = [
  { letter: 'K', same: false },
  { letter: 'H', same: false },
  { letter: 'K', same: true },
  { letter: 'R', same: false },
  { letter: 'K', same: true },
  { letter: 'Y', same: false },
] as const;

function Instructions(props: { mode: ResponseMode; config: Config }) {
  const { mode, config } = props;
  const levels = getLevels(config);
  const fixed = config.keyMapping === 'counterbalanced' ? null : keysOf(config.keyMapping);
  const same =
    mode === 'touch'
      ? 'tap “Same as N back”'
      : fixed
        ? `press ${fixed.match}`
        : 'press the “same” key';
  const different =
    mode === 'touch'
      ? 'tap “Different”'
      : fixed
        ? `press ${fixed.noMatch}`
        : 'press the “different” key';
  return (
    <>
      <ol className="task-instructions__list">
        <li>Letters appear one at a time, every {config.soaMs / 1000} seconds.</li>
        <li>
          For each letter, {same} if it is the same as the letter <strong>N</strong> letters before
          it; otherwise {different}. Answer every letter, as fast and as accurately as you can.
          {mode === 'keyboard' &&
            !fixed &&
            ' Which of F and J means “same” is shown before the practice.'}
        </li>
      </ol>
      <figure className="task-example nback-example">
        <ol className="nback-example__letters" aria-label="Example letters at 2-back">
          {EXAMPLE.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the example's letters repeat; their order is fixed
              key={i}
              className={item.same ? 'is-same' : undefined}
            >
              <span className="nback-example__letter">{item.letter}</span>
              <span className="nback-example__answer">
                {i < 2 ? '–' : item.same ? 'Same' : 'Diff.'}
              </span>
            </li>
          ))}
        </ol>
        <figcaption>
          At 2-back, the third letter (K) is the same as the letter two before it (K), and the fifth
          (K) too. The fourth (R) is not: two before it is H.
        </figcaption>
      </figure>
      <ol className="task-instructions__list" start={3}>
        <li>
          N grows from level to level: {levelList(levels)}. The first N letters of each block have
          nothing to compare with: answer “different”.
        </li>
        <li>
          Before each level you practise with feedback. With fewer than{' '}
          {getPracticeCorrectNeeded(config)} of {config.practiceScoredTrials} right you practise
          again (at most {config.practiceMaxRounds}{' '}
          {config.practiceMaxRounds === 1 ? 'round' : 'rounds'}).
        </li>
        <li>
          Then {config.blocksPerLevel} {config.blocksPerLevel === 1 ? 'block' : 'blocks'} per level
          without feedback. The letters keep coming at a steady pace whether you answer or not.
        </li>
        <li>
          {mode === 'keyboard'
            ? 'Use a physical keyboard, and find'
            : 'Hold the device so both thumbs reach the buttons, and find'}{' '}
          a quiet place where you will not be interrupted.
        </li>
      </ol>
    </>
  );
}
