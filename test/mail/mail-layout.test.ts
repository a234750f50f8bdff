import { expect } from 'chai';
import { renderMail } from '../../src/domain/mail/mail-layout.js';
import { UnsubscribeLinks } from '../../src/domain/mail/unsubscribe-links.js';

const HOSTILE = `<script>alert(1)</script> "quoted" & 'single'`;
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;';

describe('renderMail (the layout of every mail)', () => {
  const mail = renderMail({
    subject: `Fix ${HOSTILE}\r\nBcc: someone@example.com`,
    heading: HOSTILE,
    paragraphs: [HOSTILE],
    details: [[HOSTILE, HOSTILE]],
    quote: HOSTILE,
    lists: [{ title: HOSTILE, items: [HOSTILE] }],
    action: { href: 'javascript:alert(1)', label: HOSTILE },
    unsubscribe: { url: 'https://tracewell.example/mail/unsubscribe?token=a&b', what: HOSTILE, preferencesUrl: 'https://tracewell.example/settings/email' },
  });

  it('escapes every user-supplied value in the HTML part, so none becomes markup', () => {
    expect(mail.html).not.to.include('<script>');
    // heading, paragraph, detail label and value, quote, list title and item, button label, footer, <title>
    expect(mail.html.split(ESCAPED).length - 1).to.equal(10);
  });

  it('puts only http(s) links in an href, escaped', () => {
    expect(mail.html).not.to.include('href="javascript:');
    expect(mail.html).to.include('<a href="#"');
    expect(mail.html).to.include('href="https://tracewell.example/mail/unsubscribe?token=a&amp;b"');
  });

  it('keeps the subject on one line (no header injection) and the text part verbatim', () => {
    expect(mail.subject).to.equal(`Fix ${HOSTILE} Bcc: someone@example.com`);
    expect(mail.text).to.include(`> ${HOSTILE}`);
    expect(mail.text).to.include(`${HOSTILE}: javascript:alert(1)`);
    expect(mail.text).to.include('Unsubscribe: https://tracewell.example/mail/unsubscribe?token=a&b');
  });
});

describe('UnsubscribeLinks (signed one-click tokens)', () => {
  const links = new UnsubscribeLinks('secret-1', 'https://tracewell.example');
  const user = '0b7d3f52-5f0c-4d2e-9a43-3c7f3b2a9e10';

  it('verifies its own token and names the user and kind', () => {
    expect(links.verify(links.token(user, 'daily_digest'))).to.deep.equal({ userId: user, kind: 'daily_digest' });
    expect(links.url(user, 'mention')).to.equal(`https://tracewell.example/mail/unsubscribe?token=${encodeURIComponent(links.token(user, 'mention'))}`);
  });

  it('refuses a token signed with another secret, for another kind or user, or malformed', () => {
    const token = links.token(user, 'daily_digest');
    const signature = token.split('.')[2];
    expect(links.verify(new UnsubscribeLinks('secret-2', 'x').token(user, 'daily_digest'))).to.equal(null);
    expect(links.verify(`${user}.weekly_report.${signature}`)).to.equal(null);
    expect(links.verify(`${user.replace('0b7d', '1b7d')}.daily_digest.${signature}`)).to.equal(null);
    expect(links.verify(`${user}.invitation.${signature}`)).to.equal(null);
    for (const bad of ['', '...', token + '.x', 'not-a-uuid.daily_digest.' + signature]) expect(links.verify(bad), bad).to.equal(null);
  });
});
