import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';

export interface ToolSession {
  id: string;
  /** The credential that opened the session; only it may use the session. */
  credentialId: string;
  projectId: string;
  protocolVersion: string;
  clientName: string | null;
  lastActiveMs: number;
  /** logging/setLevel's level (RFC 5424 name); null until the client sets one. */
  logLevel: string | null;
}

/**
 * Live tool sessions, in process memory: a session ends after `idleMs` without a request or on
 * DELETE. Any number of sessions per credential may be open; expired ones are swept as new ones open.
 */
export class ToolSessions {
  private readonly sessions = new Map<string, ToolSession>();
  private opened = 0;

  constructor(
    private readonly clock: Clock,
    private readonly idleMs: number,
  ) {}

  open(input: Omit<ToolSession, 'id' | 'lastActiveMs' | 'logLevel'>): ToolSession {
    if (++this.opened % 100 === 0) this.sweep();
    const session: ToolSession = { ...input, id: randomBytes(24).toString('base64url'), lastActiveMs: this.now(), logLevel: null };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * The live session `id` of `credentialId` and `projectId`, marked active now; null when unknown,
   * expired, or opened by another credential or for another project (all answer alike: 404).
   */
  resume(id: string, credentialId: string, projectId: string): ToolSession | null {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (this.expired(session)) {
      this.sessions.delete(id);
      return null;
    }
    if (session.credentialId !== credentialId || session.projectId !== projectId) return null;
    session.lastActiveMs = this.now();
    return session;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    for (const [id, session] of this.sessions) if (this.expired(session)) this.sessions.delete(id);
  }

  private expired(session: ToolSession): boolean {
    return this.now() - session.lastActiveMs >= this.idleMs;
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
