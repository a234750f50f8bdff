import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import type { MailTransport } from '../../ports/mail-transport.js';
import type { Store } from '../../ports/store.js';
import { DestinationGuard } from '../webhooks/destination-guard.js';
import { httpSender } from '../webhooks/http-sender.js';
import { SecretBox } from '../webhooks/secret-box.js';
import { ChannelDispatcher } from './channel-dispatcher.js';
import type { ChannelOutboxPublisher } from './channel-outbox.js';
import { ChannelSender } from './channel-sender.js';
import { ChannelService } from './channel-service.js';

export interface ChannelServices {
  channels: ChannelService;
  /** Sends due channel deliveries: `runOnce()` / `drain()`; the runtime polls it. */
  channelDispatcher: ChannelDispatcher;
}

/** Builds the channels area; secrets are sealed with the webhook key and destinations pass the webhook SSRF policy. */
export function createChannelServices(deps: { store: Store; clock: Clock; config: Config; cursors: CursorCodec; mail: MailTransport | null; outbox: ChannelOutboxPublisher }): ChannelServices {
  const { store, clock, config, cursors, mail, outbox } = deps;
  const secrets = new SecretBox(config.webhooks.encryptionKey, config.serverSecret);
  const destinations = new DestinationGuard(config.webhooks.allowedHosts);
  const timeoutMs = config.webhooks.deliveryTimeoutMs;
  const sender = new ChannelSender({
    store,
    clock,
    secrets,
    destinations,
    sender: httpSender,
    mail,
    timeoutMs,
    pagerdutyEventsUrl: config.channels.pagerdutyEventsUrl,
    consoleBaseUrl: config.publicBaseUrl,
  });
  const channelDispatcher = new ChannelDispatcher({ store, clock, sender, timeoutMs });
  return {
    channels: new ChannelService({ store, clock, cursors, destinations, secrets, outbox, dispatcher: channelDispatcher, mailConfigured: mail !== null, defaultEventsUrl: config.channels.pagerdutyEventsUrl }),
    channelDispatcher,
  };
}
