import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MailDeliveryError, type MailMessage, type MailReceipt, type MailTransport } from '../../ports/mail-transport.js';
import type { MailSettings } from './mail-settings.js';

interface SmtpFailure {
  message?: string;
  responseCode?: number;
  code?: string;
}

type SmtpTransporter = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * The deployment's SMTP server through nodemailer. One pooled connection set per process; a 5xx
 * answer is permanent (the message is refused as written), anything else — a 4xx, a timeout, a
 * closed connection — may pass on a later attempt.
 *
 * nodemailer is imported with the first message, not at start-up: its modules cost start-up CPU
 * and ~1 MB of idle heap in every server, most of which never send mail (issue #61).
 */
export class SmtpMailTransport implements MailTransport {
  private transporter: Promise<SmtpTransporter> | null = null;
  readonly from: string;

  constructor(private readonly settings: MailSettings & { smtpUrl: string }) {
    this.from = settings.from;
  }

  private async connect(): Promise<SmtpTransporter> {
    const { default: nodemailer } = await import('nodemailer');
    const { settings } = this;
    const url = new URL(settings.smtpUrl);
    return nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // `?tls=off` for a local relay that offers no STARTTLS; otherwise STARTTLS when offered.
      ignoreTLS: url.searchParams.get('tls') === 'off',
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const transporter = await (this.transporter ??= this.connect());
    try {
      const info = await transporter.sendMail({
        from: this.from,
        to: [...message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ? { ...message.headers } : undefined,
      });
      return { messageId: info.messageId, accepted: info.accepted.map(String), rejected: info.rejected.map(String) };
    } catch (error) {
      const failure = error as SmtpFailure;
      const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
      throw new MailDeliveryError(failure.message ?? String(error), code !== null && code >= 500, code);
    }
  }

  async close(): Promise<void> {
    (await this.transporter)?.close();
  }
}

/** The transport for these settings; null when no SMTP server is configured. */
export function mailTransportFor(settings: MailSettings): MailTransport | null {
  return settings.smtpUrl ? new SmtpMailTransport({ ...settings, smtpUrl: settings.smtpUrl }) : null;
}
