import { expect } from 'chai';
import { loadMailSettings } from '../../src/domain/mail/mail-settings.js';
import { SmtpMailTransport, mailTransportFor } from '../../src/domain/mail/smtp-transport.js';
import { MailDeliveryError, type MailTransport } from '../../src/ports/mail-transport.js';
import { SmtpSink } from '../support/smtp-sink.js';

describe('SMTP mail transport', () => {
  let sink: SmtpSink;
  let transport: MailTransport;
  before(async () => {
    sink = await SmtpSink.start();
    transport = mailTransportFor(loadMailSettings({ SMTP_URL: sink.url, SMTP_FROM: 'Tracewell Alerts <alerts@tracewell.test>' }))!;
  });
  after(async () => {
    await transport.close();
    await sink.close();
  });
  beforeEach(() => sink.clear());

  it('delivers a message with its text and HTML parts, subject, sender and extra headers', async () => {
    const receipt = await transport.send({
      to: ['ana@example.com', 'bo@example.com'],
      subject: 'Incident opened: error rate',
      text: 'Error rate above 5 %.',
      html: '<p>Error rate above <b>5 %</b>.</p>',
      headers: { 'List-Unsubscribe': '<https://tracewell.test/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(receipt.accepted).to.deep.equal(['ana@example.com', 'bo@example.com']);
    expect(receipt.rejected).to.deep.equal([]);
    const [mail] = await sink.waitFor(1);
    expect(mail!.envelopeFrom).to.equal('alerts@tracewell.test');
    expect(mail!.envelopeTo).to.deep.equal(['ana@example.com', 'bo@example.com']);
    expect(mail!.parsed.subject).to.equal('Incident opened: error rate');
    expect(mail!.parsed.from?.value).to.deep.equal([{ address: 'alerts@tracewell.test', name: 'Tracewell Alerts' }]);
    expect(mail!.parsed.text?.trim()).to.equal('Error rate above 5 %.');
    expect(mail!.parsed.html).to.equal('<p>Error rate above <b>5 %</b>.</p>');
    expect(mail!.parsed.headers.get('list')).to.deep.equal({ unsubscribe: { url: 'https://tracewell.test/u/abc' }, 'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' } });
    expect(mail!.parsed.messageId).to.equal(receipt.messageId);
  });

  it('reports a 5xx refusal as permanent and a 4xx refusal as retryable', async () => {
    const message = { to: ['ana@example.com'], subject: 's', text: 't', html: '<p>t</p>' };
    sink.rejectNext(550);
    const permanent = await transport.send(message).then(() => null, (error: unknown) => error);
    expect(permanent).to.be.instanceOf(MailDeliveryError);
    expect((permanent as MailDeliveryError).permanent).to.equal(true);
    expect((permanent as MailDeliveryError).responseCode).to.equal(550);
    sink.rejectNext(451);
    const transient = await transport.send(message).then(() => null, (error: unknown) => error);
    expect((transient as MailDeliveryError).permanent).to.equal(false);
    expect((transient as MailDeliveryError).responseCode).to.equal(451);
    expect(sink.received).to.have.length(0);
  });

  it('reports an unreachable server as retryable', async () => {
    const closed = mailTransportFor(loadMailSettings({ SMTP_URL: 'smtp://127.0.0.1:9?tls=off', SMTP_TIMEOUT_MS: '2000' }))!;
    const error = await closed.send({ to: ['a@example.com'], subject: 's', text: 't', html: 'h' }).then(() => null, (e: unknown) => e);
    await closed.close();
    expect((error as MailDeliveryError).permanent).to.equal(false);
    expect((error as MailDeliveryError).responseCode).to.equal(null);
  });

  it('reports a transport that could not be made as retryable, and makes it anew on the next send', async () => {
    let loads = 0;
    const flaky = new SmtpMailTransport({ ...loadMailSettings({ SMTP_URL: sink.url }), smtpUrl: sink.url }, async () => {
      loads += 1;
      if (loads === 1) throw new Error('Cannot find module nodemailer');
      return import('nodemailer');
    });
    const message = { to: ['ana@example.com'], subject: 'second try', text: 't', html: '<p>t</p>' };
    const first = await flaky.send(message).then(() => null, (e: unknown) => e);
    expect(first).to.be.instanceOf(MailDeliveryError);
    expect((first as MailDeliveryError).message).to.equal('SMTP transport unavailable: Cannot find module nodemailer');
    expect((first as MailDeliveryError).permanent).to.equal(false);
    expect((first as MailDeliveryError).responseCode).to.equal(null);
    const receipt = await flaky.send(message);
    expect(loads).to.equal(2);
    expect(receipt.accepted).to.deep.equal(['ana@example.com']);
    const [mail] = await sink.waitFor(1);
    expect(mail!.parsed.subject).to.equal('second try');
    await flaky.close();
  });

  it('closes while the transport is being made, and that making fails, without an error', async () => {
    const never = new SmtpMailTransport({ ...loadMailSettings({ SMTP_URL: sink.url }), smtpUrl: sink.url }, () => Promise.reject(new Error('no module')));
    const sending = never.send({ to: ['a@example.com'], subject: 's', text: 't', html: 'h' }).then(() => null, (e: unknown) => e);
    await never.close();
    expect(await sending).to.be.instanceOf(MailDeliveryError);
  });
});

describe('mail settings', () => {
  it('sends no mail without SMTP_URL', () => {
    expect(mailTransportFor(loadMailSettings({}))).to.equal(null);
  });
  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => loadMailSettings({ SMTP_URL: 'http://mail.example.com' })).to.throw('SMTP_URL must start with smtp:// or smtps://');
  });
  it('refuses a From that is not an address', () => {
    expect(() => loadMailSettings({ SMTP_FROM: 'Tracewell' })).to.throw('SMTP_FROM must be an address');
  });
});
