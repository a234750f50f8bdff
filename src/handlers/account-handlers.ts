import type { components } from '../../generated/openapi.js';
import type { ProfileService } from '../domain/account/profile-service.js';
import type { MailPreferenceService } from '../domain/mail/mail-preferences.js';
import { ProblemError } from '../errors.js';
import type { OperationHandlers } from '../http/operation-types.js';
import type { RequestContext } from '../http/request-context.js';
import type { UserRecord } from '../ports/users.js';

type Profile = components['schemas']['Profile'];

export const toProfile = (user: UserRecord): Profile => ({
  avatarConfigured: user.avatarConfigured,
  bio: user.bio,
  companyName: user.companyName,
  language: user.language,
  name: user.name,
  timezone: user.timezone,
  websiteUrl: user.websiteUrl,
});

function currentUserId(ctx: RequestContext): string {
  if (!ctx.principal.userId) throw new ProblemError(403, 'PUBLIC_API_NO_USER', 'This credential does not act for a user.');
  return ctx.principal.userId;
}

export class AccountHandlers implements Pick<OperationHandlers, 'getAccountProfile' | 'patchAccountProfile' | 'getEmailPreferences' | 'updateEmailPreferences'> {
  constructor(
    private readonly profiles: ProfileService,
    private readonly mailPreferences: MailPreferenceService,
  ) {}

  getEmailPreferences: OperationHandlers['getEmailPreferences'] = async ({ ctx }) => ({
    status: 200,
    data: await this.mailPreferences.get(currentUserId(ctx)),
  });

  updateEmailPreferences: OperationHandlers['updateEmailPreferences'] = async ({ ctx, body }) => ({
    status: 200,
    data: await this.mailPreferences.update(currentUserId(ctx), body),
  });

  getAccountProfile: OperationHandlers['getAccountProfile'] = async ({ ctx }) => ({
    status: 200,
    data: toProfile(await this.profiles.get(currentUserId(ctx))),
  });

  patchAccountProfile: OperationHandlers['patchAccountProfile'] = async ({ ctx, body }) => ({
    status: 200,
    data: toProfile(await this.profiles.update(currentUserId(ctx), body)),
  });
}
