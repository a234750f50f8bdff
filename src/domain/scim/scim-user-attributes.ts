import type { ScimEmail } from '../../ports/scim.js';
import { invalidValue, ScimError } from './scim-error.js';
import { SCIM_LIMITS, SCIM_USER_SCHEMA } from './scim-schemas.js';
import { checkedText, optionalText } from './scim-text.js';

/** The User attributes this service stores (RFC 7643 §4.1); others an identity provider sends are accepted and dropped. */
export interface ScimUserAttributes {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  emails: ScimEmail[];
  active: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Case-insensitive attribute access (RFC 7643 §2.1: attribute names are case-insensitive). */
export function attribute(body: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(body).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : body[key];
}

/**
 * A boolean as identity providers send it: JSON true/false, or (Entra ID's PATCH) the strings
 * "True"/"False".
 */
export function scimBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false.`);
}

export function scimEmails(value: unknown): ScimEmail[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidValue('emails must be an array.');
  if (value.length > SCIM_LIMITS.maxEmails) throw new ScimError(400, `A user has at most ${SCIM_LIMITS.maxEmails} emails.`, 'invalidValue');
  const emails = value.map((entry, index): ScimEmail => {
    if (!isObject(entry)) throw invalidValue(`emails[${index}] must be an object.`);
    const address = checkedText(attribute(entry, 'value'), `emails[${index}].value`, 320).trim();
    if (!EMAIL.test(address)) throw invalidValue(`emails[${index}].value is not an email address.`);
    const primary = attribute(entry, 'primary');
    return {
      value: address,
      type: optionalText(attribute(entry, 'type'), `emails[${index}].type`, 64),
      primary: primary === undefined || primary === null ? false : scimBoolean(primary, `emails[${index}].primary`),
    };
  });
  if (emails.filter((email) => email.primary).length > 1) throw invalidValue('At most one email may be primary (RFC 7643 §2.4).');
  return emails;
}

/** The attributes of a POST or PUT body; `schemas` must name the User schema (RFC 7644 §3.3). */
export function userAttributes(body: unknown): ScimUserAttributes {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax');
  const schemas = attribute(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(SCIM_USER_SCHEMA)) throw new ScimError(400, `schemas must include ${SCIM_USER_SCHEMA}.`, 'invalidSyntax');
  const userName = attribute(body, 'userName');
  if (userName === undefined || userName === null || userName === '') throw invalidValue('userName is required.');
  const name = attribute(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) throw invalidValue('name must be an object.');
  const active = attribute(body, 'active');
  return {
    userName: checkedText(userName, 'userName', 320).trim(),
    externalId: optionalText(attribute(body, 'externalId'), 'externalId', 255),
    displayName: optionalText(attribute(body, 'displayName'), 'displayName', 255),
    givenName: isObject(name) ? optionalText(attribute(name, 'givenName'), 'name.givenName', 255) : null,
    familyName: isObject(name) ? optionalText(attribute(name, 'familyName'), 'name.familyName', 255) : null,
    emails: scimEmails(attribute(body, 'emails')),
    active: active === undefined || active === null ? true : scimBoolean(active, 'active'),
  };
}

/** The address the service's account uses: the primary email, else the first, else a userName that is one. */
export function accountEmail(attributes: Pick<ScimUserAttributes, 'emails' | 'userName'>): string {
  const chosen = (attributes.emails.find((email) => email.primary) ?? attributes.emails[0])?.value ?? attributes.userName;
  if (!EMAIL.test(chosen)) throw invalidValue('The user needs an email: in emails, or a userName that is an email address.');
  return chosen.toLowerCase();
}

/** The name the service shows: displayName, else given and family name, else the userName. */
export const accountName = (attributes: ScimUserAttributes): string =>
  attributes.displayName ?? ([attributes.givenName, attributes.familyName].filter(Boolean).join(' ') || attributes.userName);
