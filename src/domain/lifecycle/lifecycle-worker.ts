import type { BackgroundPacer } from '../background/background-pacer.js';
import { OwnedWorkLoop } from '../background/owned-work-loop.js';
import type { DataLifecycle } from './data-lifecycle.js';

/** Runs the data lifecycle in the server process: again at once while a run left work, else after `pollMs`. */
export class LifecycleWorker extends OwnedWorkLoop {
  constructor(
    private readonly lifecycle: DataLifecycle,
    pollMs: number,
    log: (message: string) => void,
    pacer?: BackgroundPacer,
  ) {
    super('lifecycle', 'data lifecycle: ', pollMs, log, pacer);
  }

  protected async round(): Promise<boolean> {
    return (await this.lifecycle.runOnce(this.owner)).more;
  }
}
