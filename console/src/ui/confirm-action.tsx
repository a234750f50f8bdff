import { useState } from 'react';

interface ConfirmActionProps {
  /** The button's label, e.g. "Merge into this cluster". */
  label: string;
  /** Asked before the second click, e.g. "Move the 3 traces of … here?". */
  question: string;
  /** The confirming button's label, e.g. "Yes, merge". */
  confirmLabel: string;
  disabled?: boolean;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A button for a change that cannot simply be undone (a merge, a split) that asks once more in
 * place, as ConfirmDelete does: two clicks, no modal, the keyboard stays where it was.
 */
export function ConfirmAction({ label, question, confirmLabel, disabled, pending, onConfirm }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" disabled={disabled} onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={label}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="primary"
        disabled={pending}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
