import type { FormEvent, ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';

/** What the card reads of the save mutation (TanStack Query's `useMutation` result has these). */
export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

interface EditCardProps {
  /** Prefix of the heading's id (the card is labelled by its heading). */
  idPrefix: string;
  formClassName: string;
  save: SaveState;
  onSubmit: () => void;
  submitLabel: string;
  /** False keeps the submit button disabled (a required choice is missing). */
  canSubmit?: boolean;
  /** Whether a finished save says "Saved." (a page that shows its own result turns it off). */
  savedNote?: boolean;
  /** Shown between the heading and the form (e.g. a newly issued secret). */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * The "Edit" card of a detail page: heading, the page's fields, the submit button (disabled while
 * saving), "Saved." once the save went through, and the service's Problem under the form.
 */
export function EditCard({ idPrefix, formClassName, save, onSubmit, submitLabel, canSubmit = true, savedNote = true, notice, children }: EditCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="card" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>Edit</h2>
      {notice}
      <form onSubmit={submit} className={formClassName}>
        {children}
        <button type="submit" disabled={save.isPending || !canSubmit}>
          {submitLabel}
        </button>
        {savedNote && save.isSuccess && !save.isPending && <p role="status">Saved.</p>}
        <ProblemAlert error={save.error} />
      </form>
    </section>
  );
}
