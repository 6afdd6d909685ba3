import type { StudyCode, StudyDetail, StudyState } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import qrcode from 'qrcode-generator';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { createStudyCodes, listStudyCodes, studyCodesCsvUrl } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { CopyableLink } from './copyable-link';
import { StudyPanelLinks } from './study-panel-links';

/** A QR code of `text` as an SVG data URL, drawn in the browser: the link goes nowhere else. */
function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return `data:image/svg+xml;base64,${btoa(qr.createSvgTag({ cellSize: 4, margin: 16 }))}`;
}

/** Why the links start nobody, by the study's state. */
const NOT_OPEN: Record<Exclude<StudyState, 'open'>, MessageDescriptor> = {
  draft: msg`The study is draft: its links start nobody until you open it.`,
  paused: msg`The study is paused: its links start nobody until you open it.`,
  closed: msg`The study is closed: its links start nobody until you open it.`,
};

/** When a personal link was used: the date and time, as toLocaleString shows them. */
const USED_AT_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/**
 * The study's links: the open link (anyone who has it may take part, each browser a new
 * participant) with its QR code, and personal single-use links made in batches with a label,
 * listed with whether they were used, and downloadable as CSV.
 */
export function StudyLinks({ study }: { study: StudyDetail }) {
  const { t, i18n } = useLingui();
  const { errorText } = useErrorText();
  const origin = window.location.origin;
  const openLink = `${origin}/s/${study.code}`;
  const [codes, setCodes] = useState<StudyCode[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [count, setCount] = useState('10');
  const [label, setLabel] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [isMaking, setIsMaking] = useState(false);

  useEffect(() => {
    listStudyCodes(study.id)
      .then((listed) => setCodes(listed.codes))
      .catch(() => setLoadFailed(true));
  }, [study.id]);

  async function make(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      setFormError(t`Enter a whole number from 1 to 1000`);
      return;
    }
    setIsMaking(true);
    try {
      const made = await createStudyCodes(study.id, { count: n, label });
      setCodes((current) => [...(current ?? []), ...made]);
    } catch (failure) {
      setFormError(isApiError(failure) ? errorText(failure) : t`The links could not be made.`);
    } finally {
      setIsMaking(false);
    }
  }

  return (
    <div className="studies-links">
      {study.state !== 'open' && <Alert variant="info">{t(NOT_OPEN[study.state])}</Alert>}
      <section className="card studies-panel" aria-labelledby="open-link-title">
        <h2 id="open-link-title">
          <Trans comment="the study's link anyone may use, as against personal links">
            Open link
          </Trans>
        </h2>
        <p className="studies-note">
          <Trans>
            Each browser that starts from it is a new participant. Its first page starts nothing, so
            a link preview or an accidental click uses no place.
          </Trans>
        </p>
        <CopyableLink
          label={t({
            comment: "the study's link anyone may use, as against personal links",
            message: 'Open link',
          })}
          url={openLink}
        />
        <img className="studies-qr" src={qrDataUrl(openLink)} alt={t`QR code of ${openLink}`} />
      </section>
      <StudyPanelLinks study={study} openLink={openLink} />
      <section className="card studies-panel" aria-labelledby="personal-links-title">
        <h2 id="personal-links-title">
          <Trans>Personal links</Trans>
        </h2>
        <p className="studies-note">
          <Trans>
            One link per person: used when its participant starts, and it resumes that participant
            on any device afterwards.
          </Trans>
        </p>
        <form className="studies-codes-form" onSubmit={make} noValidate>
          <TextField
            label={t`How many`}
            inputMode="numeric"
            value={count}
            error={formError ?? undefined}
            onChange={(e) => setCount(e.target.value)}
          />
          <TextField
            label={t`Label (optional)`}
            value={label}
            maxLength={200}
            onChange={(e) => setLabel(e.target.value)}
          />
          <Button type="submit" isBusy={isMaking} disabled={isMaking}>
            <Trans>Make links</Trans>
          </Button>
        </form>
        {loadFailed && (
          <Alert variant="error">
            <Trans>The personal links could not be loaded.</Trans>
          </Alert>
        )}
        {codes && codes.length > 0 && (
          <>
            <a className={buttonClassName('secondary')} href={studyCodesCsvUrl(study.id)} download>
              <Trans>Download all as CSV</Trans>
            </a>
            <TableScroll label={t`Personal links`}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Link</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Label</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Used</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.code}>
                      <td>
                        <code>{`${openLink}/${code.code}`}</code>
                      </td>
                      <td>{code.label}</td>
                      <td>{code.usedAt ? i18n.date(code.usedAt, USED_AT_FORMAT) : t`Not yet`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
        {codes && codes.length === 0 && (
          <p className="empty-state">
            <Trans>No personal links yet.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}
