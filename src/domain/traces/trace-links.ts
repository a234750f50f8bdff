/**
 * Path of a trace's page in the web console, which people open from API and tool results; the REST
 * resource is the same path under /api/v1/public. TraceId characters are all URL-safe.
 */
export const tracePath = (traceId: string): string => `/traces/${traceId}`;

/** Absolute address of a trace's console page, for tool results read outside the service. */
export const traceUrl = (publicBaseUrl: string, traceId: string): string => `${publicBaseUrl}${tracePath(traceId)}`;
