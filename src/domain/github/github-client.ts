import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedDestination } from '../webhooks/destination-guard.js';

/** GitHub's answer to a request, or why none arrived. */
export type GitHubResponse = { kind: 'response'; statusCode: number; body: string } | { kind: 'timeout' } | { kind: 'connection'; message: string };

export interface GitHubRequest {
  destination: VettedDestination;
  token: string;
  body: string;
  timeoutMs: number;
}

/** POSTs one JSON request to the GitHub API; injectable so tests may count or fail calls. */
export type GitHubPoster = (request: GitHubRequest) => Promise<GitHubResponse>;

/** An issue's answer is a few KB; more than this is not GitHub answering, and is cut off. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * POST to the GitHub REST API with the headers GitHub asks for (docs.github.com, "Getting started
 * with the REST API": a User-Agent, `Accept: application/vnd.github+json`, the API version). Like
 * webhook deliveries, the socket connects to the address the destination guard vetted (no DNS
 * rebinding between the check and the request) and redirects are not followed.
 */
export const gitHubPoster: GitHubPoster = ({ destination, token, body, timeoutMs }) =>
  new Promise((resolve) => {
    const { url, address } = destination;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    let settled = false;
    const finish = (result: GitHubResponse) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'Tracewell-Fix-Dispatch/0.1',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        lookup: pinned,
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        response.on('end', () => finish({ kind: 'response', statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => finish({ kind: 'connection', message: error.message }));
      },
    );
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
