import { CopyButton } from './copy-button';

/**
 * A token value as the service returns it once: only its hash is kept, so it is shown here until the
 * person dismisses it and never again (not stored, not refetched).
 */
export function IssuedToken({ token, what, onDismiss }: { token: string; what: string; onDismiss: () => void }) {
  return (
    <div className="issued" role="region" aria-label="New token">
      <p>
        <strong>Copy {what} now</strong>: it is shown only this once.
      </p>
      <code className="secret">{token}</code> <CopyButton text={token} label="Copy token" />{' '}
      <button type="button" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}
