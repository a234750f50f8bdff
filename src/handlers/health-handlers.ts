import type { Clock } from '../clock.js';
import type { OperationHandlers } from '../http/operation-types.js';

/** The connectivity check: by the time it runs, authentication and the project selection passed. */
export class HealthHandlers implements Pick<OperationHandlers, 'ping'> {
  constructor(private readonly clock: Clock) {}

  ping: OperationHandlers['ping'] = async () => ({ status: 200, data: { status: 'ok', serverTime: this.clock.now().toISOString() } });
}
