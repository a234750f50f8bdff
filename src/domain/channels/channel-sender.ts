import type { Clock } from '../../clock.js';
import { isProblemError } from '../../errors.js';
import type { ChannelDeliveryRecord, ChannelRecord } from '../../ports/channels.js';
import { MailDeliveryError, type MailTransport } from '../../ports/mail-transport.js';
import type { Store } from '../../ports/store.js';
import { judge, type Verdict } from '../webhooks/delivery-dispatcher.js';
import type { DestinationGuard, VettedDestination } from '../webhooks/destination-guard.js';
import type { Sender } from '../webhooks/http-sender.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { sign } from '../webhooks/signature.js';
import { describeEvent, type ChannelEvent } from './channel-event.js';
import { emailMessageOf } from './email-message.js';
import { pagerDutyEventOf } from './pagerduty-event.js';
import { slackMessageOf } from './slack-message.js';

export interface ChannelSenderDependencies {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  destinations: DestinationGuard;
  sender: Sender;
  /** null when the deployment sends no mail (no SMTP_URL). */
  mail: MailTransport | null;
  timeoutMs: number;
  pagerdutyEventsUrl: string;
  /** PUBLIC_BASE_URL: the console the messages link back to. */
  consoleBaseUrl: string;
}

const failed = (error: string): Verdict => ({ statusCode: null, error: error.slice(0, 500), kind: 'failed' });

/**
 * Renders one delivery for its channel's kind and sends it once, answering what happened. Slack,
 * PagerDuty and webhook destinations pass the SSRF guard before every attempt; a 4xx answer (Slack's
 * invalid payload, PagerDuty's 400) is final, 408/429/5xx and network faults are retried; mail
 * follows the transport's verdict (`MailDeliveryError.permanent`).
 */
export class ChannelSender {
  constructor(private readonly deps: ChannelSenderDependencies) {}

  async send(channel: ChannelRecord, delivery: ChannelDeliveryRecord): Promise<Verdict> {
    const event = JSON.parse(delivery.body) as ChannelEvent;
    const description = describeEvent(event, this.deps.consoleBaseUrl);
    const context = `Tracewell · ${event.type} · ${event.createdAt}`;
    switch (channel.kind) {
      case 'slack': {
        if (!channel.secretCiphertext) return failed('the channel has no Slack webhook URL');
        let message: string;
        try {
          message = JSON.stringify(slackMessageOf(description, context));
        } catch (error) {
          // A message Slack would refuse is refused here, for good: resending it cannot help.
          return failed(error instanceof Error ? error.message : String(error));
        }
        return this.post(this.deps.secrets.open(channel.secretCiphertext, channel.id), {}, message);
      }
      case 'pagerduty': {
        if (!channel.secretCiphertext) return failed('the channel has no routing key');
        const routingKey = this.deps.secrets.open(channel.secretCiphertext, channel.id);
        return this.post(channel.eventsUrl ?? this.deps.pagerdutyEventsUrl, {}, JSON.stringify(pagerDutyEventOf(routingKey, event, description, this.deps.consoleBaseUrl)));
      }
      case 'email':
        return this.mail(channel.recipients ?? [], emailMessageOf(channel.recipients ?? [], description, context));
      case 'webhook':
        return this.webhook(channel, delivery);
    }
  }

  private async webhook(channel: ChannelRecord, delivery: ChannelDeliveryRecord): Promise<Verdict> {
    const webhook = channel.webhookId ? await this.deps.store.webhooks.findById(channel.projectId, channel.webhookId) : null;
    if (!webhook) return failed('the channel\'s webhook no longer exists');
    if (!webhook.enabled) return failed('the channel\'s webhook is disabled');
    const timestamp = Math.floor(this.deps.clock.now().getTime() / 1000);
    // The webhook's own envelope and signature, so its receiver verifies a channel delivery like any other.
    const headers: Record<string, string> = { 'webhook-id': delivery.id, 'webhook-timestamp': String(timestamp) };
    if (webhook.secretCiphertext) headers['webhook-signature'] = sign(this.deps.secrets.open(webhook.secretCiphertext, webhook.id), delivery.id, timestamp, delivery.body);
    return this.post(webhook.destinationUrl, headers, delivery.body);
  }

  private async post(url: string, headers: Record<string, string>, body: string): Promise<Verdict> {
    let destination: VettedDestination;
    try {
      destination = await this.deps.destinations.vet(url);
    } catch (error) {
      if (!isProblemError(error)) throw error;
      return failed(`destination refused: ${error.detail}`);
    }
    const result = await this.deps.sender({ destination, headers: { 'user-agent': 'Tracewell-Channels/0.1', ...headers }, body, timeoutMs: this.deps.timeoutMs });
    return judge(result, this.deps.timeoutMs);
  }

  private async mail(recipients: readonly string[], message: ReturnType<typeof emailMessageOf>): Promise<Verdict> {
    if (!this.deps.mail) return failed('the deployment sends no mail (SMTP_URL is not set)');
    if (recipients.length === 0) return failed('the channel has no recipients');
    try {
      await this.deps.mail.send(message);
      return { statusCode: null, error: null, kind: 'succeeded' };
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      return { statusCode: error.responseCode, error: `mail not sent: ${error.message}`.slice(0, 500), kind: error.permanent ? 'failed' : 'retry' };
    }
  }
}
