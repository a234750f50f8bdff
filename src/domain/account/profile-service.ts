import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import type { ProfileChanges, UserRecord } from '../../ports/users.js';

/** The current user's profile. */
export class ProfileService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<UserRecord> {
    const user = await this.store.users.findById(userId);
    if (!user) throw problems.notFound('The user');
    return user;
  }

  /** A partial update: only the fields given change; null clears a nullable field. */
  async update(userId: string, changes: ProfileChanges): Promise<UserRecord> {
    const user = await this.store.users.updateProfile(userId, changes, this.clock.now());
    if (!user) throw problems.notFound('The user');
    return user;
  }
}
