/** How much background work waits, read at scrape time (/metrics) from the shared database. */
export interface QueueStats {
  /** Items not yet settled (for webhooks including retries scheduled for later). */
  depth: number;
  /** Seconds the longest-waiting due item has waited; 0 when nothing is due. */
  oldestAgeSeconds: number;
}

export interface QueueStatsReader {
  /** Detection evaluation jobs still pending (leased or not). */
  detectionJobs(now: Date): Promise<QueueStats>;
  /** Webhook deliveries still pending; the age is how far past its due time the most overdue one is. */
  webhookDeliveries(now: Date): Promise<QueueStats>;
}
