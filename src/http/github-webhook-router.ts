import { Router, type NextFunction, type Request, type Response } from 'express';
import { ProblemError } from '../errors.js';
import type { GitHubWebhookReceiver } from '../domain/github/github-webhook-receiver.js';

import { GITHUB_WEBHOOK_PATH } from './github-webhook-path.js';

export { GITHUB_WEBHOOK_PATH };

/** GitHub caps payloads at 25 MB, but an `issues` event is a few tens of KB; more is refused before hashing. */
export const GITHUB_WEBHOOK_MAX_BYTES = 1024 * 1024;

const tooLarge = (): ProblemError => new ProblemError(413, 'PUBLIC_API_PAYLOAD_TOO_LARGE', `A GitHub webhook body may be at most ${GITHUB_WEBHOOK_MAX_BYTES} bytes.`);

/** The body exactly as sent: the signature covers these bytes, not a re-serialization. */
async function rawBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > GITHUB_WEBHOOK_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GITHUB_WEBHOOK_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * GitHub's webhook (the contract's self-served `receiveGithubWebhook`): mounted before the public
 * API's credential check, because the signature of the raw body is its credential
 * (github-webhook-receiver.ts). Answers a small JSON receipt; refusals are Problems.
 */
export function githubWebhookRouter(receiver: GitHubWebhookReceiver): Router {
  const router = Router();
  router.post(GITHUB_WEBHOOK_PATH, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'application/json') {
        throw new ProblemError(415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE', 'Set the GitHub webhook\'s content type to application/json.');
      }
      const body = await rawBody(req);
      const receipt = await receiver.receive({
        projectId: String(req.params.projectId),
        signature: single(req.headers['x-hub-signature-256']),
        event: single(req.headers['x-github-event']),
        deliveryId: single(req.headers['x-github-delivery']),
        body,
      });
      res.status(receipt.status).json({ outcome: receipt.outcome, detail: receipt.detail });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
