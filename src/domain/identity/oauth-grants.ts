/** OAuth grant type names (RFC 6749, RFC 8628), shared by the client table, registration and client metadata documents. */
export const GRANT_AUTHORIZATION_CODE = 'authorization_code';
export const GRANT_REFRESH_TOKEN = 'refresh_token';
export const GRANT_DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';
