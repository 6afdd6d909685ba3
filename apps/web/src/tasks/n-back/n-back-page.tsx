import {
  type Config,
  getLevels,
  getPracticeCorrectNeeded,
  nBackTask,
} from '@cogni/domain/tasks/n-back';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { keysOf } from './labels';
import './n-back.css';

const loadRunner = () => import('./n-back-runner');
const NBackRunner = lazy(loadRunner);

export default function NBackPage({ source }: { source: RunSource }) {
  const { t } = useLingui();
  const { config, error } = useMemo(() => resolveRunConfig(nBackTask.settings, source), [source]);
  const duration = config ? minutesText(nBackTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t`N-back`}
      summary={
        duration
          ? t`A test of working memory: keep the last few letters in mind. It takes about ${duration}.`
          : t`A test of working memory: keep the last few letters in mind.`
      }
      keysLabel={t`F and J`}
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
  const { t } = useLingui();
  const levels = getLevels(config).map((n) => t`${n}-back`);
  const lastLevel = levels.at(-1) ?? '';
  const firstLevels = levels.slice(0, -1).join(', ');
  // '1-back, 2-back and 3-back'.
  const levelList = levels.length <= 1 ? lastLevel : t`${firstLevels} and ${lastLevel}`;
  const fixed = config.keyMapping === 'counterbalanced' ? null : keysOf(config.keyMapping);
  const seconds = config.soaMs / 1000;
  const needed = getPracticeCorrectNeeded(config);
  const scored = config.practiceScoredTrials;
  const rounds = config.practiceMaxRounds;
  const blocks = config.blocksPerLevel;
  let rule: ReactNode;
  if (mode === 'touch') {
    rule = (
      <Trans>
        For each letter, tap “Same as N back” if it is the same as the letter <strong>N</strong>{' '}
        letters before it; otherwise tap “Different”. Answer every letter, as fast and as accurately
        as you can.
      </Trans>
    );
  } else if (fixed) {
    const { match, noMatch } = fixed;
    rule = (
      <Trans>
        For each letter, press {match} if it is the same as the letter <strong>N</strong> letters
        before it; otherwise press {noMatch}. Answer every letter, as fast and as accurately as you
        can.
      </Trans>
    );
  } else {
    rule = (
      <Trans>
        For each letter, press the “same” key if it is the same as the letter <strong>N</strong>{' '}
        letters before it; otherwise press the “different” key. Answer every letter, as fast and as
        accurately as you can. Which of F and J means “same” is shown before the practice.
      </Trans>
    );
  }
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          {t`Letters appear one at a time, ${plural(seconds, { one: 'every # second', other: 'every # seconds' })}.`}
        </li>
        <li>{rule}</li>
      </ol>
      <figure className="task-example nback-example">
        <ol className="nback-example__letters" aria-label={t`Example letters at 2-back`}>
          {EXAMPLE.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the example's letters repeat; their order is fixed
              key={i}
              className={item.same ? 'is-same' : undefined}
            >
              <span className="nback-example__letter">{item.letter}</span>
              <span className="nback-example__answer">
                {i < 2
                  ? '–'
                  : item.same
                    ? t({ comment: 'the answer to a letter in an example', message: 'Same' })
                    : t({
                        comment: 'the answer to a letter in an example, short for Different',
                        message: 'Diff.',
                      })}
              </span>
            </li>
          ))}
        </ol>
        <figcaption>
          <Trans>
            At 2-back, the third letter (K) is the same as the letter two before it (K), and the
            fifth (K) too. The fourth (R) is not: two before it is H.
          </Trans>
        </figcaption>
      </figure>
      <ol className="task-instructions__list" start={3}>
        <li>
          <Trans>
            N grows from level to level: {levelList}. The first N letters of each block have nothing
            to compare with: answer “different”.
          </Trans>
        </li>
        <li>
          {t`Before each level you practise with feedback. With fewer than ${needed} of ${scored} right you practise again (at most ${plural(rounds, { one: '# round', other: '# rounds' })}).`}
        </li>
        <li>
          {t`Then ${plural(blocks, { one: '# block', other: '# blocks' })} per level without feedback. The letters keep coming at a steady pace whether you answer or not.`}
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Use a physical keyboard, and find a quiet place where you will not be interrupted.
            </Trans>
          ) : (
            <Trans>
              Hold the device so both thumbs reach the buttons, and find a quiet place where you
              will not be interrupted.
            </Trans>
          )}
        </li>
      </ol>
    </>
  );
}
