import type { components } from '../../../generated/openapi';

export type GroupRole = components['schemas']['ScimGroupRole'];
const ROLES = ['admin', 'member', 'viewer'] as const;

/** The mapping as lines "Group name = role" (project roles are kept as they were for a group still listed). */
export const mappingText = (mapping: readonly GroupRole[]): string => mapping.map((entry) => `${entry.group} = ${entry.role}`).join('\n');

/** Parses the lines back; throws a sentence naming the first bad line. */
export function parseMapping(text: string, previous: readonly GroupRole[]): GroupRole[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      const at = line.lastIndexOf('=');
      const group = line.slice(0, at).trim();
      const role = line.slice(at + 1).trim();
      if (at <= 0 || !group || !(ROLES as readonly string[]).includes(role)) throw new Error(`Line ${index + 1} must read "Group name = admin", "= member" or "= viewer".`);
      const kept = previous.find((entry) => entry.group.toLowerCase() === group.toLowerCase())?.projectRoles;
      return { group, role: role as GroupRole['role'], ...(kept?.length ? { projectRoles: kept } : {}) };
    });
}
