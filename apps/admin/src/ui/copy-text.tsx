import { useState } from 'react';

/** A value staff paste elsewhere (an address, an account number), shown monospaced with a copy button. */
export function CopyText({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  if (!text) return <>—</>;
  return (
    <span className="copy">
      <code>{text}</code>
      <button
        type="button"
        className="link"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
