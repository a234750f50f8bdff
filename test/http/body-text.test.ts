import { expect } from 'chai';
import { bodyText } from '../../src/http/body-text.js';

describe('bodyText', () => {
  it('reads ASCII bytes as the same text UTF-8 decoding gives', () => {
    const bytes = Buffer.from(JSON.stringify({ name: 'TimeoutError: tool http_fetch exceeded 30000 ms', control: '\u001b[0m\t' }));
    expect(bodyText(bytes)).to.equal(bytes.toString('utf8'));
    expect(bodyText(Buffer.alloc(0))).to.equal('');
  });

  it('decodes anything else as UTF-8: multi-byte characters, a byte-order mark, malformed sequences as U+FFFD', () => {
    expect(bodyText(Buffer.from('{"q":"Größe 東京 😀"}'))).to.equal('{"q":"Größe 東京 😀"}');
    expect(bodyText(Buffer.from('\uFEFF{}'))).to.equal('\uFEFF{}');
    // A lone continuation byte and a Latin-1 é (0xE9) are not UTF-8: neither reads as its Latin-1 character.
    expect(bodyText(Buffer.from([0x7b, 0x80, 0xe9, 0x7d]))).to.equal('{\uFFFD\uFFFD}');
  });
});
