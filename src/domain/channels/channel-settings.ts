import { readSetting, type Env } from '../../settings/read-setting.js';

/** Channel settings from the environment; src/settings/catalog.ts declares each variable. */
export interface ChannelSettings {
  /** Where `pagerduty` channels without an `eventsUrl` of their own post (the US service by default). */
  pagerdutyEventsUrl: string;
}

export const DEFAULT_PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

export function loadChannelSettings(env: Env): ChannelSettings {
  const raw = (readSetting(env, 'PAGERDUTY_EVENTS_URL') ?? '').trim();
  if (!raw) return { pagerdutyEventsUrl: DEFAULT_PAGERDUTY_EVENTS_URL };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('PAGERDUTY_EVENTS_URL must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('PAGERDUTY_EVENTS_URL must be an absolute http(s) URL.');
  return { pagerdutyEventsUrl: raw };
}
