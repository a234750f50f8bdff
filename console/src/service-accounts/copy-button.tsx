import { useState } from 'react';

/** Copies a secret to the clipboard and says whether that worked (a browser may refuse; the text stays selectable). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="muted small">
        {state === 'copied' ? ' Copied.' : state === 'failed' ? ' The browser refused; select the text and copy it.' : ''}
      </span>
    </>
  );
}
