import { invalidValue, ScimError } from './scim-error.js';
import { SCIM_LIMITS, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from './scim-schemas.js';
import { checkedText, optionalText } from './scim-text.js';
import { attribute, scimBoolean, scimEmails, type ScimUserAttributes } from './scim-user-attributes.js';

export type PatchOperationKind = 'add' | 'replace' | 'remove';

export interface PatchOperation {
  op: PatchOperationKind;
  /** Lower-cased for matching; null when the operation has none (the value then names attributes). */
  path: string | null;
  /** The path as sent (messages quote it). */
  rawPath: string | null;
  value: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A PatchOp message (RFC 7644 §3.5.2): its schema, 1–100 operations, each with a known op. */
export function patchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax');
  const schemas = attribute(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(SCIM_PATCH_SCHEMA)) throw new ScimError(400, `schemas must include ${SCIM_PATCH_SCHEMA}.`, 'invalidSyntax');
  const operations = attribute(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, 'Operations must be a non-empty array.', 'invalidSyntax');
  if (operations.length > SCIM_LIMITS.maxPatchOperations) throw new ScimError(400, `A PATCH carries at most ${SCIM_LIMITS.maxPatchOperations} operations.`, 'tooMany');
  return operations.map((operation, index) => {
    if (!isObject(operation)) throw new ScimError(400, `Operations[${index}] must be an object.`, 'invalidSyntax');
    const op = attribute(operation, 'op');
    // Entra ID sends "Add", "Replace", "Remove": op values are matched case-insensitively.
    const kind = typeof op === 'string' ? op.toLowerCase() : '';
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove') throw new ScimError(400, `Operations[${index}].op must be add, replace or remove.`, 'invalidSyntax');
    const path = attribute(operation, 'path');
    const rawPath = path === undefined || path === null ? null : checkedText(path, `Operations[${index}].path`, 512);
    if (rawPath === null && kind === 'remove') throw new ScimError(400, 'A remove operation needs a path (RFC 7644 §3.5.2.2).', 'noTarget');
    return { op: kind, path: rawPath?.toLowerCase() ?? null, rawPath, value: attribute(operation, 'value') };
  });
}

const USER_PREFIX = `${SCIM_USER_SCHEMA.toLowerCase()}:`;
const ENTERPRISE_PREFIX = 'urn:ietf:params:scim:schemas:extension:';
/** `emails[type eq "work"].value`, as Entra ID and Okta address one email. */
const TYPED_EMAIL = /^emails\[type eq "([^"\\]{1,64})"\]\.value$/;
/** RFC 7643 User attributes this service accepts and does not store (a PATCH of them changes nothing). */
const DROPPED = new Set([
  'name.formatted', 'name.middlename', 'name.honorificprefix', 'name.honorificsuffix', 'nickname', 'profileurl', 'title', 'usertype',
  'preferredlanguage', 'locale', 'timezone', 'phonenumbers', 'addresses', 'ims', 'photos', 'entitlements', 'roles', 'x509certificates', 'password',
]);

/** One attribute set (add/replace) or cleared (remove) on a copy of `user`. */
function applyToUser(user: ScimUserAttributes, op: PatchOperationKind, rawPath: string, value: unknown): void {
  let path = rawPath.toLowerCase();
  if (path.startsWith(USER_PREFIX)) path = path.slice(USER_PREFIX.length);
  if (path.startsWith(ENTERPRISE_PREFIX) || DROPPED.has(path) || DROPPED.has(path.split(/[.[]/)[0])) return;
  const remove = op === 'remove';
  const typed = TYPED_EMAIL.exec(path);
  if (typed) {
    const type = typed[1];
    const others = user.emails.filter((email) => email.type?.toLowerCase() !== type);
    if (remove) user.emails = others;
    else {
      const previous = user.emails.find((email) => email.type?.toLowerCase() === type);
      const [email] = scimEmails([{ value, type, primary: previous?.primary ?? others.length === 0 }]);
      user.emails = [...others, email];
    }
    return;
  }
  switch (path) {
    case 'active':
      if (remove) throw new ScimError(400, 'active cannot be removed; set it to false.', 'mutability');
      user.active = scimBoolean(value, 'active');
      return;
    case 'username':
      if (remove) throw new ScimError(400, 'userName is required and cannot be removed.', 'mutability');
      user.userName = checkedText(value, 'userName', 320).trim();
      if (!user.userName) throw invalidValue('userName cannot be empty.');
      return;
    case 'externalid':
      user.externalId = remove ? null : optionalText(value, 'externalId', 255);
      return;
    case 'displayname':
      user.displayName = remove ? null : optionalText(value, 'displayName', 255);
      return;
    case 'name.givenname':
      user.givenName = remove ? null : optionalText(value, 'name.givenName', 255);
      return;
    case 'name.familyname':
      user.familyName = remove ? null : optionalText(value, 'name.familyName', 255);
      return;
    case 'name':
      if (remove) {
        user.givenName = null;
        user.familyName = null;
        return;
      }
      if (!isObject(value)) throw invalidValue('name must be an object.');
      for (const [key, part] of Object.entries(value)) applyToUser(user, op, `name.${key}`, part);
      return;
    case 'emails':
      if (remove) user.emails = [];
      else {
        const given = scimEmails(Array.isArray(value) ? value : [value]);
        // add appends (RFC 7644 §3.5.2.1), replace replaces the whole multi-valued attribute.
        user.emails = op === 'add' ? [...user.emails.filter((e) => !given.some((g) => g.value.toLowerCase() === e.value.toLowerCase())), ...given] : given;
        if (user.emails.length > SCIM_LIMITS.maxEmails) throw invalidValue(`A user has at most ${SCIM_LIMITS.maxEmails} emails.`);
      }
      return;
    case 'id':
    case 'meta':
    case 'groups':
    case 'schemas':
      throw new ScimError(400, `${rawPath} is read-only.`, 'mutability');
    default:
      throw new ScimError(400, `The path ${rawPath} names no attribute of a User this service supports.`, 'invalidPath');
  }
}

/** The user's attributes after the operations, in order; the input is not changed. */
export function patchUser(current: ScimUserAttributes, operations: readonly PatchOperation[]): ScimUserAttributes {
  const user: ScimUserAttributes = { ...current, emails: [...current.emails] };
  for (const operation of operations) {
    if (operation.rawPath !== null) {
      applyToUser(user, operation.op, operation.rawPath, operation.value);
      continue;
    }
    // No path: the value is an object of attributes to add or replace (Okta's deactivation: {"active": false}).
    if (!isObject(operation.value)) throw invalidValue('An operation without a path needs an object value.');
    for (const [key, value] of Object.entries(operation.value)) {
      if (key.toLowerCase() === 'schemas' || key.toLowerCase() === 'id') continue;
      applyToUser(user, operation.op, key, value);
    }
  }
  return user;
}
