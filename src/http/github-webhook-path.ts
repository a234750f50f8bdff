/** The contract's receiveGithubWebhook path; the project's id is the last segment. */
export const GITHUB_WEBHOOK_PATH = '/api/v1/public/integrations/github/webhook/:projectId';

/**
 * The same path without its project id: what the app matches before the webhook's router is loaded
 * (a module of its own so the app need not import the router to know it).
 */
export const GITHUB_WEBHOOK_PREFIX = GITHUB_WEBHOOK_PATH.slice(0, GITHUB_WEBHOOK_PATH.lastIndexOf('/'));
