import type { AttributeValue, Tracer } from '@opentelemetry/api';

export interface AiSdkTelemetryOptions {
  /** The AI SDK's `functionId`: names the call's spans (`ai.generateText <functionId>`). */
  functionId?: string;
  /** Read by the server as the trace's session (`ai.telemetry.metadata.sessionId`). */
  sessionId?: string;
  /** Read by the server as the trace's user (`ai.telemetry.metadata.userId`). */
  userId?: string;
  metadata?: Record<string, AttributeValue>;
  /** Record prompts and answers (default true, the AI SDK's default). */
  recordInputs?: boolean;
  recordOutputs?: boolean;
}

/** The AI SDK's `TelemetrySettings` (ai/core/telemetry), the fields set here. */
export interface AiSdkTelemetrySettings {
  isEnabled: boolean;
  tracer?: Tracer;
  functionId?: string;
  metadata?: Record<string, AttributeValue>;
  recordInputs?: boolean;
  recordOutputs?: boolean;
}

/** `experimental_telemetry` for the Vercel AI SDK, sending its spans through this client's tracer. */
export function aiSdkTelemetryWith(tracer: Tracer | undefined, options: AiSdkTelemetryOptions = {}): AiSdkTelemetrySettings {
  if (!tracer) return { isEnabled: false };
  const metadata: Record<string, AttributeValue> = { ...options.metadata };
  if (options.sessionId) metadata.sessionId = options.sessionId;
  if (options.userId) metadata.userId = options.userId;
  return {
    isEnabled: true,
    tracer,
    ...(options.functionId ? { functionId: options.functionId } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(options.recordInputs !== undefined ? { recordInputs: options.recordInputs } : {}),
    ...(options.recordOutputs !== undefined ? { recordOutputs: options.recordOutputs } : {}),
  };
}
