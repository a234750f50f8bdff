/** Path of a trace's REST resource (TraceId characters are all URL-safe). */
export const tracePath = (traceId: string): string => `/api/v1/public/traces/${traceId}`;

/** Absolute address of a trace, for tool results read outside the service. */
export const traceUrl = (publicBaseUrl: string, traceId: string): string => `${publicBaseUrl}${tracePath(traceId)}`;
