import { ApiProblem } from '../api/problem';

/**
 * A Problem's `errors[]` by JSON pointer, so a form shows each message next to the field it names
 * (e.g. `/body/widgets/2/query/dimensions/0/top`). A field shows the errors at its own path and
 * below it (`/body/widgets/0/query/measures` also shows `.../measures/3`).
 */
export class FieldErrors {
  private constructor(private readonly errors: readonly { path: string; message: string }[]) {}

  static of(error: unknown): FieldErrors {
    return new FieldErrors(error instanceof ApiProblem ? error.fieldErrors : []);
  }

  /** The messages at `path` or under it. */
  at(path: string): string[] {
    return this.errors.filter((e) => e.path === path || e.path.startsWith(`${path}/`)).map((e) => e.message);
  }

  /** The messages at exactly `path` (for a container whose children show their own). */
  exactly(path: string): string[] {
    return this.errors.filter((e) => e.path === path).map((e) => e.message);
  }
}

/** The messages for one field, in an element the field points at with aria-describedby. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <span className="field-error" id={id} role="alert">
      {messages.join('; ')}
    </span>
  );
}
