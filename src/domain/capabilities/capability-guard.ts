import { ProblemError } from '../../errors.js';

/** Deployment capabilities a service checks before it writes. */
export type Capability = 'public-api-mutations';

/**
 * One place that answers whether a capability is on. A mutation calls `require` first, before any
 * validation that touches storage, so a disabled capability writes nothing.
 */
export class CapabilityGuard {
  constructor(private readonly enabled: Readonly<Record<Capability, boolean>>) {}

  isEnabled(capability: Capability): boolean {
    return this.enabled[capability];
  }

  /** 403 PUBLIC_API_MUTATIONS_DISABLED when off: a deployment decision, not a transient outage. */
  require(capability: Capability): void {
    if (this.isEnabled(capability)) return;
    throw new ProblemError(403, 'PUBLIC_API_MUTATIONS_DISABLED', `This deployment has the ${capability} capability turned off; nothing was changed.`, {
      retryable: false,
    });
  }
}
