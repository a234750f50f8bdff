/**
 * The paths request validation leaves alone: anything not under /api/v1/public, compared as
 * express-openapi-validator's `ignorePaths` was given it (case-sensitive, on the path alone).
 */
export const outsidePublicApi = (path: string): boolean => !path.startsWith('/api/v1/public');
