import type { WebhookService } from '../domain/webhooks/webhook-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject, type RequestContext } from '../http/request-context.js';

type WebhookOperations =
  | 'post_api_v1_public_webhooks'
  | 'listWebhooks'
  | 'getWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'testWebhook'
  | 'listWebhookDeliveries';

const callerOf = (ctx: RequestContext) => ({ principal: ctx.principal, project: selectedProject(ctx), operationId: ctx.operationId });

export class WebhookHandlers implements Pick<OperationHandlers, WebhookOperations> {
  constructor(private readonly webhooks: WebhookService) {}

  post_api_v1_public_webhooks: OperationHandlers['post_api_v1_public_webhooks'] = async ({ ctx, headers, body }) => {
    const result = await this.webhooks.create(callerOf(ctx), headers['idempotency-key'], body);
    return { status: 201, data: result.body, headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : undefined };
  };

  listWebhooks: OperationHandlers['listWebhooks'] = async ({ ctx, query }) => ({
    status: 200,
    data: await this.webhooks.list(callerOf(ctx), { limit: query.limit ?? 20, cursor: query.cursor }),
  });

  getWebhook: OperationHandlers['getWebhook'] = async ({ ctx, path }) => ({
    status: 200,
    data: await this.webhooks.get(selectedProject(ctx), path.webhookId),
  });

  updateWebhook: OperationHandlers['updateWebhook'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: await this.webhooks.update(selectedProject(ctx), path.webhookId, body),
  });

  deleteWebhook: OperationHandlers['deleteWebhook'] = async ({ ctx, path }) => ({
    status: 200,
    data: await this.webhooks.delete(selectedProject(ctx), path.webhookId),
  });

  testWebhook: OperationHandlers['testWebhook'] = async ({ ctx, path }) => ({
    status: 201,
    data: await this.webhooks.sendTest(selectedProject(ctx), path.webhookId),
  });

  listWebhookDeliveries: OperationHandlers['listWebhookDeliveries'] = async ({ ctx, path, query }) => ({
    status: 200,
    data: await this.webhooks.listDeliveries(callerOf(ctx), path.webhookId, { limit: query.limit ?? 20, cursor: query.cursor }),
  });
}
