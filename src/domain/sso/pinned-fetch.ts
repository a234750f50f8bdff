import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedDestination } from '../webhooks/destination-guard.js';

/** A discovery document, a JWKS or a token answer is a few KB; more than this is not a provider answering. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The request body oauth4webapi sends (a form for the token endpoint), as bytes. */
function bodyBytes(body: RequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new Error('unsupported request body for an identity provider request');
}

/**
 * `fetch` for one identity-provider request, over the socket the SSRF guard vetted: the connection
 * goes to the address that was checked (a DNS answer changing between the check and the request
 * cannot point it at an internal host), no redirect is followed, the answer is capped at 1 MiB and
 * the whole exchange at `timeoutMs`. Answers a WHATWG Response, as oauth4webapi's customFetch expects.
 */
export function pinnedFetch(destination: VettedDestination, init: RequestInit, timeoutMs: number): Promise<Response> {
  const { url, address } = destination;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const body = bodyBytes(init.body);
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers, lookup: pinned, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) request.destroy(new Error('the identity provider answered more than 1 MiB'));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(deadline);
        const status = response.statusCode ?? 502;
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, item);
        }
        resolve(new Response(NO_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
      });
      response.on('error', reject);
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body ?? undefined);
  });
}
