import { invalidValue, ScimError } from './scim-error.js';
import type { PatchOperation } from './scim-patch.js';
import { SCIM_GROUP_SCHEMA, SCIM_LIMITS } from './scim-schemas.js';
import { checkedText, optionalText } from './scim-text.js';
import { attribute } from './scim-user-attributes.js';

export interface GroupState {
  displayName: string;
  externalId: string | null;
  /** SCIM user ids. */
  members: Set<string>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `members[value eq "…"]`, the form Entra ID removes one member with. */
const MEMBER_PATH = /^members\[value eq "([^"\\]{1,64})"\]$/i;
const GROUP_PREFIX = `${SCIM_GROUP_SCHEMA.toLowerCase()}:`;

/** The SCIM user ids of a `members` value: [{"value": id}, …], bounded. */
export function memberIds(value: unknown): string[] {
  const entries = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  if (entries.length > SCIM_LIMITS.maxMembersPerOperation) throw new ScimError(400, `An operation names at most ${SCIM_LIMITS.maxMembersPerOperation} members.`, 'tooMany');
  return entries.map((entry, index) => {
    if (!isObject(entry)) throw invalidValue(`members[${index}] must be an object with a value.`);
    const id = checkedText(attribute(entry, 'value'), `members[${index}].value`, 64);
    if (!UUID.test(id)) throw invalidValue(`members[${index}].value is not the id of a user of this service.`);
    return id.toLowerCase();
  });
}

function apply(state: GroupState, op: PatchOperation['op'], rawPath: string, value: unknown): void {
  let path = rawPath.toLowerCase();
  if (path.startsWith(GROUP_PREFIX)) path = path.slice(GROUP_PREFIX.length);
  const one = MEMBER_PATH.exec(path);
  if (one) {
    if (op !== 'remove') throw new ScimError(400, 'A filtered members path is supported for remove only.', 'invalidPath');
    state.members.delete(one[1].toLowerCase());
    return;
  }
  switch (path) {
    case 'members': {
      const ids = memberIds(value);
      if (op === 'add') ids.forEach((id) => state.members.add(id));
      else if (op === 'replace') state.members = new Set(ids);
      // remove with a value removes those members; without one, every member (RFC 7644 §3.5.2.2).
      else if (value === undefined || value === null) state.members.clear();
      else ids.forEach((id) => state.members.delete(id));
      return;
    }
    case 'displayname':
      if (op === 'remove') throw new ScimError(400, 'displayName is required and cannot be removed.', 'mutability');
      state.displayName = checkedText(value, 'displayName', 255).trim();
      if (!state.displayName) throw invalidValue('displayName cannot be empty.');
      return;
    case 'externalid':
      state.externalId = op === 'remove' ? null : optionalText(value, 'externalId', 255);
      return;
    case 'id':
    case 'meta':
      throw new ScimError(400, `${rawPath} is read-only.`, 'mutability');
    default:
      throw new ScimError(400, `The path ${rawPath} names no attribute of a Group.`, 'invalidPath');
  }
}

/** The group after the operations, in order (the input is not changed). */
export function patchGroup(current: GroupState, operations: readonly PatchOperation[]): GroupState {
  const state: GroupState = { ...current, members: new Set(current.members) };
  for (const operation of operations) {
    if (operation.rawPath !== null) {
      apply(state, operation.op, operation.rawPath, operation.value);
      continue;
    }
    // Okta renames with {"op": "replace", "value": {"id": …, "displayName": …}}.
    if (!isObject(operation.value)) throw invalidValue('An operation without a path needs an object value.');
    for (const [key, value] of Object.entries(operation.value)) {
      if (key.toLowerCase() === 'id' || key.toLowerCase() === 'schemas') continue;
      apply(state, operation.op, key, value);
    }
  }
  return state;
}

/** The attributes of a Group POST or PUT body. */
export function groupAttributes(body: unknown): { displayName: string; externalId: string | null; members: string[] } {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax');
  const schemas = attribute(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(SCIM_GROUP_SCHEMA)) throw new ScimError(400, `schemas must include ${SCIM_GROUP_SCHEMA}.`, 'invalidSyntax');
  const displayName = checkedText(attribute(body, 'displayName') ?? '', 'displayName', 255).trim();
  if (!displayName) throw invalidValue('displayName is required.');
  return { displayName, externalId: optionalText(attribute(body, 'externalId'), 'externalId', 255), members: memberIds(attribute(body, 'members')) };
}
