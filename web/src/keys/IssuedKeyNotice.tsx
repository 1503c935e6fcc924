import { useState } from 'react';

interface Props {
  apiKey: string;
  secret?: string | null;
  onDismiss(): void;
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="copy-field">
      <span className="copy-label">{label}</span>
      <code className="copy-value" aria-label={label}>{value}</code>
      <button type="button" onClick={copy} aria-label={`Copy the ${label}`}>Copy</button>
      <span className="copy-status" role="status">{copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy it by hand: the browser refused' : ''}</span>
    </div>
  );
}

/** A new key and its signing secret, shown this once: the graph never returns them again. */
export function IssuedKeyNotice({ apiKey, secret, onDismiss }: Props) {
  return (
    <div className="notice notice-success issued-key" role="region" aria-label="New API key">
      <strong>Your new API key.</strong> Copy it now: it is shown only this once.
      <CopyField label="API key" value={apiKey} />
      {secret && <CopyField label="Signing secret" value={secret} />}
      <button type="button" className="button-quiet" onClick={onDismiss}>I have stored it</button>
    </div>
  );
}
