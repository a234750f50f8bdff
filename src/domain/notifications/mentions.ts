/** A member as mention parsing needs it. */
export interface Mentionable {
  userId: string;
  email: string;
}

/** Mentions past this many in one comment are ignored (a comment cannot page the whole organization). */
export const MAX_MENTIONS = 50;

// `@` at the start or after a character that cannot end an address (so `bob@example.com` in prose is
// no mention), then a local part and optionally `@domain.tld`.
const MENTION = /(?:^|[^A-Za-z0-9_.+\-@])@([A-Za-z0-9_+\-](?:[A-Za-z0-9._+\-]*[A-Za-z0-9_+\-])?(?:@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+)?)/g;

/**
 * The members a comment mentions, in order of first mention: `@<email>` names the member with that
 * address, `@<local part>` the one member whose address starts with it (a local part two members
 * share names nobody — the full address does). Case-insensitive; unknown handles are plain text.
 */
export function parseMentions(text: string, members: readonly Mentionable[]): string[] {
  const byEmail = new Map<string, string>();
  const byLocal = new Map<string, string | null>();
  for (const member of members) {
    const email = member.email.toLowerCase();
    byEmail.set(email, member.userId);
    const local = email.split('@')[0];
    byLocal.set(local, byLocal.has(local) && byLocal.get(local) !== member.userId ? null : member.userId);
  }
  const found: string[] = [];
  let handles = 0;
  for (const match of text.matchAll(MENTION)) {
    if (++handles > MAX_MENTIONS) break;
    const handle = match[1].toLowerCase();
    const userId = handle.includes('@') ? byEmail.get(handle) : byLocal.get(handle);
    if (userId && !found.includes(userId)) found.push(userId);
  }
  return found;
}
