export interface UserRecord {
  id: string;
  email: string;
  name: string;
  bio: string | null;
  companyName: string | null;
  language: string;
  timezone: string | null;
  websiteUrl: string | null;
  avatarConfigured: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type ProfileChanges = Partial<Pick<UserRecord, 'name' | 'bio' | 'companyName' | 'language' | 'timezone' | 'websiteUrl'>>;

export interface UserRepository {
  create(input: { id: string; email: string; name: string; now: Date }): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  updateProfile(id: string, changes: ProfileChanges, now: Date): Promise<UserRecord | null>;
}
