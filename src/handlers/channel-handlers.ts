import type { ChannelService } from '../domain/channels/channel-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject, type RequestContext } from '../http/request-context.js';

type ChannelOperations = 'createChannel' | 'listChannels' | 'getChannel' | 'updateChannel' | 'deleteChannel' | 'testChannel' | 'listChannelDeliveries';

const callerOf = (ctx: RequestContext) => ({ principal: ctx.principal, project: selectedProject(ctx), operationId: ctx.operationId });

export class ChannelHandlers implements Pick<OperationHandlers, ChannelOperations> {
  constructor(private readonly channels: ChannelService) {}

  createChannel: OperationHandlers['createChannel'] = async ({ ctx, body }) => ({ status: 201, data: await this.channels.create(callerOf(ctx), body) });

  listChannels: OperationHandlers['listChannels'] = async ({ ctx, query }) => ({
    status: 200,
    data: await this.channels.list(callerOf(ctx), { limit: query.limit ?? 20, cursor: query.cursor }),
  });

  getChannel: OperationHandlers['getChannel'] = async ({ ctx, path }) => ({ status: 200, data: await this.channels.get(selectedProject(ctx), path.channelId) });

  updateChannel: OperationHandlers['updateChannel'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: await this.channels.update(selectedProject(ctx), path.channelId, body),
  });

  deleteChannel: OperationHandlers['deleteChannel'] = async ({ ctx, path }) => ({ status: 200, data: await this.channels.delete(selectedProject(ctx), path.channelId) });

  testChannel: OperationHandlers['testChannel'] = async ({ ctx, path }) => ({ status: 200, data: await this.channels.sendTest(selectedProject(ctx), path.channelId) });

  listChannelDeliveries: OperationHandlers['listChannelDeliveries'] = async ({ ctx, path, query }) => ({
    status: 200,
    data: await this.channels.listDeliveries(callerOf(ctx), path.channelId, { limit: query.limit ?? 20, cursor: query.cursor }),
  });
}
