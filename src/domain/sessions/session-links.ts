/**
 * Paths of a session's and an end user's console pages, which people open from API and tool
 * results. Unlike trace ids, session and user ids are free text (a slash, a space), so they are
 * encoded as one path segment.
 */
export const sessionPath = (sessionId: string): string => `/sessions/${encodeURIComponent(sessionId)}`;

export const endUserPath = (userId: string): string => `/users/${encodeURIComponent(userId)}`;
