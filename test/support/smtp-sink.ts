import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A message the sink received: the SMTP envelope and the message as mailparser reads it. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server (the smtp-server library) on a free loopback port that keeps every message it
 * accepts, parsed by mailparser. `rejectNext(code)` makes it refuse the next message with that reply.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  private refusals: number[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const refusal = sink!.refusals.shift();
        if (refusal !== undefined) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(`refused with ${refusal}`), { responseCode: refusal })));
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const from = session.envelope.mailFrom;
            sink!.accept({ envelopeFrom: from ? from.address : '', envelopeTo: session.envelope.rcptTo.map((to) => to.address), parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = ((server.server as unknown as { address(): AddressInfo }).address()).port;
    sink = new SmtpSink(server, port);
    return sink;
  }

  /** `SMTP_URL` for a server under test. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}?tls=off`;
  }

  rejectNext(code: number): void {
    this.refusals.push(code);
  }

  /** Resolves once at least `count` messages have arrived in all (or rejects after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
    if (this.received.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} messages, got ${this.received.length}`)), timeoutMs);
        this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    }
    return this.received;
  }

  clear(): void {
    this.received.length = 0;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(mail: ReceivedMail): void {
    this.received.push(mail);
    this.waiters = this.waiters.filter((waiter) => (this.received.length >= waiter.count ? (waiter.resolve(), false) : true));
  }
}
