import { PANEL_PRESETS, STUDY_PANELS, type StudyPanel } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../lib/i18n/error-text';
import type { StudyDraft } from './study-form';
import { TextAreaField } from './text-area-field';

type Props = {
  draft: StudyDraft;
  set: <K extends keyof StudyDraft>(key: K, value: StudyDraft[K]) => void;
  error: (key: string) => string | undefined;
};

/**
 * The draft's recruitment settings once the researcher picks `panel`: the panel's parameters,
 * its id parameter and its completion URL (ADR 041). What the researcher typed for a URL of
 * their own stays; a URL of another preset's is replaced.
 */
export function applyPanelPreset(draft: StudyDraft, panel: StudyPanel): StudyDraft {
  const preset = PANEL_PRESETS[panel];
  const presetUrls = new Set(STUDY_PANELS.map((name) => PANEL_PRESETS[name].completionUrl ?? ''));
  const ownUrl = presetUrls.has(draft.completionUrl.trim()) ? '' : draft.completionUrl;
  if (panel === 'generic') return { ...draft, panel, panelIdParam: '' };
  return {
    ...draft,
    panel,
    capturedParams: preset.capturedParams.join(', '),
    panelIdParam: preset.panelIdParam ?? '',
    completionUrl: preset.completionUrl ?? ownUrl,
    screenOutCode: panel === 'prolific' ? draft.screenOutCode : '',
  };
}

/** The "Recruitment" part of the study editor: the panel, its parameters, codes and URLs. */
export function StudyPanelFields({ draft, set, error }: Props) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const panel = draft.panel;
  return (
    <fieldset className="studies-fieldset">
      <legend>
        <Trans>Recruitment</Trans>
      </legend>
      <SelectField
        label={t`Recruitment panel`}
        hint={t`Fills in the panel’s parameters and completion URL; the Links tab then shows what to paste into the panel.`}
        value={panel}
        onChange={(e) => set('panel', e.target.value as StudyPanel)}
      >
        {STUDY_PANELS.map((name) => (
          <option key={name} value={name}>
            {translateEnglish(PANEL_PRESETS[name].name)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`URL parameters to keep`}
        hint={
          panel === 'sona'
            ? t`The name of the parameter that carries SONA’s survey code (e.g. id).`
            : t`Names the panel puts in the link, comma separated. They are kept apart from the data and exported only on request.`
        }
        value={draft.capturedParams}
        error={error('settings.capturedParams')}
        onChange={(e) => set('capturedParams', e.target.value)}
      />
      <TextField
        label={t`Participant id parameter`}
        hint={t`The kept parameter that names a panel’s participant: each value takes part once. Empty: none.`}
        value={draft.panelIdParam}
        error={error('settings.panelIdParam')}
        onChange={(e) => set('panelIdParam', e.target.value)}
      />
      <TextField
        label={
          panel === 'sona' ? t`Completion URL (SONA’s client-side credit URL)` : t`Completion URL`
        }
        hint={
          // Quoted, '{id}' is the address's own placeholder, shown as written.
          panel === 'sona'
            ? t({
                comment: "'{id}' is shown as {id}, literally: keep it quoted and untranslated",
                message:
                  "Paste it from SONA with '{id}' (your parameter’s name in braces) where it says XXXX.",
              })
            : t({
                comment:
                  "'{NAME}' and '{COMPLETION_CODE}' are shown as {NAME} and {COMPLETION_CODE}, literally: keep them quoted and untranslated",
                message:
                  "Where participants go once every answer is saved, with '{NAME}' for a kept parameter and '{COMPLETION_CODE}'; empty: a thank-you page.",
              })
        }
        value={draft.completionUrl}
        error={error('settings.completionUrl')}
        onChange={(e) => set('completionUrl', e.target.value)}
      />
      <TextField
        label={t`Completion code`}
        hint={
          panel === 'prolific'
            ? t`Prolific’s completion code for those who finish.`
            : t`The panel’s code shown at the end; empty: each participant gets a code of their own.`
        }
        value={draft.completionCode}
        error={error('settings.completionCode')}
        onChange={(e) => set('completionCode', e.target.value)}
      />
      {panel === 'prolific' && (
        <TextField
          label={t`Screen-out code`}
          hint={t`Prolific’s code for those the study turns away (full, already taken part, consent declined) and those who stop or withdraw.`}
          value={draft.screenOutCode}
          error={error('settings.screenOutCode')}
          onChange={(e) => set('screenOutCode', e.target.value)}
        />
      )}
      <TextAreaField
        label={t`Message when consent is declined`}
        rows={2}
        value={draft.declineMessage}
        error={error('settings.declineMessage')}
        onChange={(e) => set('declineMessage', e.target.value)}
      />
      <TextField
        label={t`Decline URL`}
        hint={
          panel === 'prolific'
            ? t`Where participants who decline go; empty: back to Prolific with the screen-out code, or the message.`
            : t`Where participants who decline go instead of the message; empty: the message.`
        }
        value={draft.declineUrl}
        error={error('settings.declineUrl')}
        onChange={(e) => set('declineUrl', e.target.value)}
      />
    </fieldset>
  );
}
