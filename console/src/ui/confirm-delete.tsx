import { useState } from 'react';

interface ConfirmDeleteProps {
  /** What deleting takes with it, asked before the second click, e.g. "Delete this monitor with its incidents?". */
  question: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A Delete button that asks once more in place: the question, "Yes, delete" and "Keep it". Two clicks,
 * no modal, so the keyboard stays where it was and nothing is deleted by a stray click.
 */
export function ConfirmDelete({ question, pending, onConfirm }: ConfirmDeleteProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  }
  return (
    <>
      <span>{question}</span>
      <button type="button" disabled={pending} onClick={onConfirm}>
        Yes, delete
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </>
  );
}
