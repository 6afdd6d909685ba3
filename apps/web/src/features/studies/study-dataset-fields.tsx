import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../../components/ui/text-field';
import type { StudyDraft } from './study-form';
import { TextAreaField } from './text-area-field';

type Props = {
  draft: StudyDraft;
  set: <K extends keyof StudyDraft>(key: K, value: StudyDraft[K]) => void;
  error: (key: string) => string | undefined;
};

/**
 * What the study's Psych-DS dataset says about itself beyond its title and description: who
 * made it, its license and its keywords (`dataset_description.json`).
 */
export function StudyDatasetFields({ draft, set, error }: Props) {
  const { t } = useLingui();
  // The server keys a list item's problem by its index; the field shows the first.
  const firstError = (prefix: string) => {
    for (let i = 0; i < 50; i++) {
      const message = error(`${prefix}.${i}`);
      if (message) return message;
    }
    return error(prefix);
  };
  return (
    <fieldset className="studies-fieldset">
      <legend>
        <Trans>Dataset</Trans>
      </legend>
      <TextAreaField
        label={t`Authors`}
        hint={t`One per line, as they should be cited. The Psych-DS export names them.`}
        rows={2}
        value={draft.datasetAuthors}
        error={firstError('settings.dataset.authors')}
        onChange={(e) => set('datasetAuthors', e.target.value)}
      />
      <TextField
        label={t`License`}
        hint={t`For the shared data, e.g. CC-BY-4.0 or CC0-1.0; empty: none stated.`}
        value={draft.datasetLicense}
        maxLength={200}
        error={error('settings.dataset.license')}
        onChange={(e) => set('datasetLicense', e.target.value)}
      />
      <TextField
        label={t`Keywords`}
        hint={t`Comma separated, e.g. working memory, attention.`}
        value={draft.datasetKeywords}
        error={firstError('settings.dataset.keywords')}
        onChange={(e) => set('datasetKeywords', e.target.value)}
      />
    </fieldset>
  );
}
