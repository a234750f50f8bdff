import type { ActionsBlock, ContextBlock, HeaderBlock, KnownBlock, SectionBlock } from '@slack/types';
import { truncate, type EventDescription } from './channel-event.js';

/** What an incoming webhook receives: a fallback `text` (notifications, screen readers) and the blocks. */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

/**
 * Slack's published limits (https://docs.slack.dev/reference/block-kit/blocks, …/block-kit/blocks/header-block,
 * …/section-block, …/context-block, …/block-kit/block-elements/button-element).
 */
export const SLACK_LIMITS = {
  blocks: 50,
  headerText: 150,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  contextElements: 10,
  buttonText: 75,
  buttonUrl: 3000,
  fallbackText: 40_000,
} as const;

const EMOJI: Record<EventDescription['severity'], string> = { critical: ':red_circle:', error: ':large_orange_circle:', warning: ':large_yellow_circle:', info: ':large_blue_circle:' };

/** Slack mrkdwn escapes only these three characters (https://docs.slack.dev/messaging/formatting-message-text). */
const escapeMrkdwn = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Block Kit message for an event: header, summary with fields, context, and a button back to the console. */
export function slackMessageOf(description: EventDescription, context: string): SlackMessage {
  const resolved = description.incident?.status === 'resolved';
  const header: HeaderBlock = { type: 'header', text: { type: 'plain_text', text: truncate(description.title, SLACK_LIMITS.headerText), emoji: true } };
  const section: SectionBlock = {
    type: 'section',
    text: { type: 'mrkdwn', text: truncate(`${resolved ? ':white_check_mark:' : EMOJI[description.severity]} ${escapeMrkdwn(description.summary)}`, SLACK_LIMITS.sectionText) },
  };
  const fields = description.facts.slice(0, SLACK_LIMITS.sectionFields).map(([label, value]) => ({ type: 'mrkdwn' as const, text: truncate(`*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`, SLACK_LIMITS.fieldText) }));
  if (fields.length > 0) section.fields = fields;
  const contextBlock: ContextBlock = { type: 'context', elements: [{ type: 'mrkdwn', text: truncate(escapeMrkdwn(context), SLACK_LIMITS.fieldText) }] };
  const blocks: KnownBlock[] = [header, section, contextBlock];
  // A link longer than Slack takes is left out rather than cut: a cut URL opens the wrong page.
  if (description.link && description.link.url.length <= SLACK_LIMITS.buttonUrl) {
    const actions: ActionsBlock = {
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: truncate(description.link.label, SLACK_LIMITS.buttonText) }, url: description.link.url, action_id: 'open_in_tracewell' }],
    };
    blocks.push(actions);
  }
  const message = { text: truncate(description.title, SLACK_LIMITS.fallbackText), blocks };
  const violations = slackLimitViolations(message);
  if (violations.length > 0) throw new Error(`Slack message exceeds Slack's limits: ${violations.join('; ')}`);
  return message;
}

/** Every way `message` breaks Slack's limits; empty when Slack will accept its shape. */
export function slackLimitViolations(message: SlackMessage): string[] {
  const problems: string[] = [];
  if (message.blocks.length > SLACK_LIMITS.blocks) problems.push(`${message.blocks.length} blocks > ${SLACK_LIMITS.blocks}`);
  if (message.text.length > SLACK_LIMITS.fallbackText) problems.push('text too long');
  message.blocks.forEach((block, index) => {
    const at = `blocks[${index}]`;
    if (block.type === 'header') {
      if (block.text.type !== 'plain_text') problems.push(`${at}.text must be plain_text`);
      if (block.text.text.length > SLACK_LIMITS.headerText) problems.push(`${at}.text > ${SLACK_LIMITS.headerText}`);
    } else if (block.type === 'section') {
      if (block.text && block.text.text.length > SLACK_LIMITS.sectionText) problems.push(`${at}.text > ${SLACK_LIMITS.sectionText}`);
      if (block.fields && block.fields.length > SLACK_LIMITS.sectionFields) problems.push(`${at}.fields > ${SLACK_LIMITS.sectionFields}`);
      for (const field of block.fields ?? []) if (field.text.length > SLACK_LIMITS.fieldText) problems.push(`${at}.fields[].text > ${SLACK_LIMITS.fieldText}`);
      if (!block.text && !block.fields) problems.push(`${at} needs text or fields`);
    } else if (block.type === 'context') {
      if (block.elements.length > SLACK_LIMITS.contextElements) problems.push(`${at}.elements > ${SLACK_LIMITS.contextElements}`);
    } else if (block.type === 'actions') {
      for (const element of block.elements) {
        if (element.type !== 'button') continue;
        if (element.text.text.length > SLACK_LIMITS.buttonText) problems.push(`${at} button text > ${SLACK_LIMITS.buttonText}`);
        if (element.url !== undefined && element.url.length > SLACK_LIMITS.buttonUrl) problems.push(`${at} button url > ${SLACK_LIMITS.buttonUrl}`);
      }
    }
  });
  return problems;
}
