/** Persisted token buckets, so every server process draws from one security-lifecycle budget. */
export interface SecurityBucketRepository {
  /**
   * Reads the bucket under a row lock (inside a transaction), lets `decide` compute the new level,
   * and writes it back. A missing bucket reads as null.
   */
  update<T>(key: string, decide: (current: { tokens: number; updatedAt: number } | null) => { tokens: number; updatedAt: number; result: T }): Promise<T>;
}
