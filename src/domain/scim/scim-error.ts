import { SCIM_ERROR_SCHEMA } from './scim-schemas.js';

/**
 * An error in SCIM's own format (RFC 7644 §3.12): `{"schemas": [Error], "status": "400", "scimType": …,
 * "detail": …}`. scimType names the kind of a 400 (invalidFilter, invalidValue, invalidSyntax,
 * invalidPath, noTarget, mutability, uniqueness, tooMany).
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers',
  ) {
    super(detail);
  }

  toJSON(): Record<string, unknown> {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const invalidValue = (detail: string): ScimError => new ScimError(400, detail, 'invalidValue');
export const notFound = (what: string): ScimError => new ScimError(404, `${what} not found.`);
