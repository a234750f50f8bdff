/** The scrypt hash a user proves themselves with at the OAuth consent and device-approval steps. */
export interface UserPasswordRepository {
  set(userId: string, passwordHash: string, now: Date): Promise<void>;
  find(userId: string): Promise<string | null>;
}
