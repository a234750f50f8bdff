/**
 * Outgoing mail, as the domain sees it: one message handed to the deployment's mail server.
 * Channels (email alerts) and the product's own mail (invitations, resets, digests…) both send
 * through this port; what to send and when to retry is theirs, the transport only delivers.
 */
export interface MailMessage {
  /** One or more recipient addresses. */
  to: readonly string[];
  subject: string;
  /** The plain-text part; every message has one. */
  text: string;
  /** The HTML part. */
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Readonly<Record<string, string>>;
}

export interface MailReceipt {
  /** The Message-ID the server accepted the message under. */
  messageId: string;
  /** Recipients the server accepted. */
  accepted: string[];
  /** Recipients the server refused (a partial refusal is still a sent message). */
  rejected: string[];
}

/** Thrown when a message could not be handed over; `permanent` when retrying cannot help (5xx). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | null,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export interface MailTransport {
  /** The envelope sender every message goes out from (`SMTP_FROM`). */
  readonly from: string;
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}
