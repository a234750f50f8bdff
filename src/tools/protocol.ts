/**
 * MCP protocol facts the server relies on. The versions are those the official SDK client speaks
 * (its SUPPORTED_PROTOCOL_VERSIONS from 2024-11-05 on); a test fails when the SDK's latest moves on.
 */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26', '2024-11-05'];
/** What a request without MCP-Protocol-Version is assumed to speak (the MCP transport rule). */
export const DEFAULT_PROTOCOL_VERSION = '2025-03-26';

/** The revision that removed JSON-RPC batching from MCP; requests speaking it or later get no batches. */
export const BATCHING_REMOVED_IN = '2025-06-18';
/** Revisions are dates, so they order as strings. */
export const batchingAllowed = (version: string): boolean => version < BATCHING_REMOVED_IN;
/**
 * The most messages one batch may hold (where batches exist at all). Each counts against the tool
 * rate limit; the cap bounds the work one HTTP request can queue.
 */
export const MAX_BATCH_MESSAGES = 20;

/** The version the server answers an initialize with: the client's when supported, else the latest. */
export const negotiateProtocolVersion = (requested: unknown): string =>
  typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;

/** JSON-RPC 2.0 error codes, plus the two server-defined ones this transport uses. */
export const RpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** The HTTP request was refused before any method ran (credential, rate limit, size, headers). */
  requestRejected: -32000,
  /** Mcp-Session-Id names no live session (same code as the SDK's own server). */
  sessionNotFound: -32001,
} as const;

export const SESSION_HEADER = 'mcp-session-id';
export const PROTOCOL_VERSION_HEADER = 'mcp-protocol-version';
