import type { StudyCode, StudyDetail } from '@cogni/domain';
import qrcode from 'qrcode-generator';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { createStudyCodes, listStudyCodes, studyCodesCsvUrl } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { CopyableLink } from './copyable-link';
import { StudyPanelLinks } from './study-panel-links';

/** A QR code of `text` as an SVG data URL, drawn in the browser: the link goes nowhere else. */
function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return `data:image/svg+xml;base64,${btoa(qr.createSvgTag({ cellSize: 4, margin: 16 }))}`;
}

/**
 * The study's links: the open link (anyone who has it may take part, each browser a new
 * participant) with its QR code, and personal single-use links made in batches with a label,
 * listed with whether they were used, and downloadable as CSV.
 */
export function StudyLinks({ study }: { study: StudyDetail }) {
  const origin = window.location.origin;
  const openLink = `${origin}/s/${study.code}`;
  const [codes, setCodes] = useState<StudyCode[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [count, setCount] = useState('10');
  const [label, setLabel] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [isMaking, setIsMaking] = useState(false);

  useEffect(() => {
    listStudyCodes(study.id)
      .then((listed) => setCodes(listed.codes))
      .catch(() => setLoadError('The personal links could not be loaded.'));
  }, [study.id]);

  async function make(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      setFormError('Enter a whole number from 1 to 1000');
      return;
    }
    setIsMaking(true);
    try {
      const made = await createStudyCodes(study.id, { count: n, label });
      setCodes((current) => [...(current ?? []), ...made]);
    } catch (failure) {
      setFormError(isApiError(failure) ? failure.message : 'The links could not be made.');
    } finally {
      setIsMaking(false);
    }
  }

  return (
    <div className="studies-links">
      {study.state !== 'open' && (
        <Alert variant="info">
          The study is {study.state}: its links start nobody until you open it.
        </Alert>
      )}
      <section className="card studies-panel" aria-labelledby="open-link-title">
        <h2 id="open-link-title">Open link</h2>
        <p className="studies-note">
          Each browser that starts from it is a new participant. Its first page starts nothing, so a
          link preview or an accidental click uses no place.
        </p>
        <CopyableLink label="Open link" url={openLink} />
        <img className="studies-qr" src={qrDataUrl(openLink)} alt={`QR code of ${openLink}`} />
      </section>
      <StudyPanelLinks study={study} openLink={openLink} />
      <section className="card studies-panel" aria-labelledby="personal-links-title">
        <h2 id="personal-links-title">Personal links</h2>
        <p className="studies-note">
          One link per person: used when its participant starts, and it resumes that participant on
          any device afterwards.
        </p>
        <form className="studies-codes-form" onSubmit={make} noValidate>
          <TextField
            label="How many"
            inputMode="numeric"
            value={count}
            error={formError ?? undefined}
            onChange={(e) => setCount(e.target.value)}
          />
          <TextField
            label="Label (optional)"
            value={label}
            maxLength={200}
            onChange={(e) => setLabel(e.target.value)}
          />
          <Button type="submit" isBusy={isMaking} disabled={isMaking}>
            Make links
          </Button>
        </form>
        {loadError && <Alert variant="error">{loadError}</Alert>}
        {codes && codes.length > 0 && (
          <>
            <a className={buttonClassName('secondary')} href={studyCodesCsvUrl(study.id)} download>
              Download all as CSV
            </a>
            <TableScroll label="Personal links">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Link</th>
                    <th scope="col">Label</th>
                    <th scope="col">Used</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.code}>
                      <td>
                        <code>{`${openLink}/${code.code}`}</code>
                      </td>
                      <td>{code.label}</td>
                      <td>{code.usedAt ? new Date(code.usedAt).toLocaleString() : 'Not yet'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
        {codes && codes.length === 0 && <p className="empty-state">No personal links yet.</p>}
      </section>
    </div>
  );
}
