import { ProblemError, problems } from '../../errors.js';

/** The label the service keeps on the highest version; no request may set, move or protect it. */
export const LATEST = 'latest';
/** The label an application's fetch reads when it names none. */
export const DEFAULT_LABEL = 'production';

/** Refuses `latest` among labels a request sets, with the item's path. */
export function refuseLatest(labels: readonly string[], path: string): void {
  const index = labels.indexOf(LATEST);
  if (index >= 0) {
    throw problems.validation('latest moves by itself; it cannot be set.', [{ code: 'reserved', message: 'latest is kept by the service', path: `${path}/${index}` }]);
  }
}

/** The labels naming `version`: the stored ones that point at it, and `latest` when it is the highest. */
export function labelsOfVersion(version: number, stored: Readonly<Record<string, number>>, latestVersion: number): string[] {
  const labels = Object.entries(stored)
    .filter(([, at]) => at === version)
    .map(([label]) => label);
  if (version === latestVersion) labels.push(LATEST);
  return labels.sort();
}

/** Changing a protected label is an admin's: anyone else is refused before anything is written. */
export function guardProtected(changed: readonly string[], protectedLabels: readonly string[], isAdmin: boolean): void {
  if (isAdmin) return;
  const hit = changed.filter((label) => protectedLabels.includes(label)).sort();
  if (hit.length > 0) {
    throw new ProblemError(403, 'PUBLIC_API_PROMPT_LABEL_PROTECTED', `The label ${hit.join(', ')} is protected in this project; only an admin may add, move or remove it.`);
  }
}
