import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedDestination } from './destination-guard.js';

export interface OutgoingDelivery {
  destination: VettedDestination;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** An HTTP answer, or why none arrived. */
export type SendResult = { kind: 'response'; statusCode: number } | { kind: 'timeout' } | { kind: 'connection'; message: string };

export type Sender = (delivery: OutgoingDelivery) => Promise<SendResult>;

/**
 * POSTs one delivery. The socket connects to the address the SSRF guard vetted, not to whatever DNS
 * says a moment later, while Host and TLS name checks keep using the URL's host name. Redirects are
 * not followed (a 3xx is an answer like any other). The response body is drained and ignored.
 */
export const httpSender: Sender = ({ destination, headers, body, timeoutMs }) =>
  new Promise((resolve) => {
    const { url, address } = destination;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    const transport = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => finish({ kind: 'response', statusCode: response.statusCode ?? 0 }));
        response.on('error', () => finish({ kind: 'response', statusCode: response.statusCode ?? 0 }));
      },
    );
    // One deadline for the whole exchange, not only for idle sockets.
    const deadline = setTimeout(() => {
      finish({ kind: 'timeout' });
      request.destroy();
    }, timeoutMs);
    request.on('timeout', () => {
      finish({ kind: 'timeout' });
      request.destroy();
    });
    request.on('error', (error) => finish({ kind: 'connection', message: error.message }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
