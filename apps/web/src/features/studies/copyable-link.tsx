import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

/** A link with a button that copies it, and what the button did. */
export function CopyableLink({ label, url }: { label: string; url: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="studies-link">
      <TextField label={label} value={url} readOnly onFocus={(e) => e.target.select()} />
      <div className="studies-link__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          <Trans>
            Copy<span className="visually-hidden"> {label}</span>
          </Trans>
        </Button>
        <span role="status" className="studies-link__status">
          {copied === 'yes' ? t`Copied` : copied === 'failed' ? t`Select the link and copy it` : ''}
        </span>
      </div>
    </div>
  );
}
