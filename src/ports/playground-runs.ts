/** One playground run's spend, kept for the project's daily evaluation budget. */
export interface PlaygroundRunRecord {
  id: string;
  projectId: string;
  traceId: string;
  modelConnectionId: string;
  outcome: 'completed' | 'error';
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  createdAt: Date;
}

export interface PlaygroundRunRepository {
  insert(record: PlaygroundRunRecord): Promise<void>;
}
