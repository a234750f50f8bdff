import { expect } from 'chai';
import { inputPreview, outputPreview, PREVIEW_CHARS } from '../../src/domain/traces/trace-preview.js';

describe('trace list previews (src/domain/traces/trace-preview.ts)', () => {
  it('input: the last user message of any producer shape, else a prompt, else the JSON', () => {
    expect(inputPreview({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'First' }, { role: 'assistant', content: 'x' }, { role: 'user', content: 'Second\nline' }] })).to.equal('Second line');
    expect(inputPreview({ messages: [{ role: 'user', parts: [{ type: 'text', content: 'OTel parts' }] }] })).to.equal('OTel parts');
    expect(inputPreview({ messages: [{ role: 'user', content: [{ type: 'text', text: 'AI SDK' }, { type: 'image', image: 'x' }] }] })).to.equal('AI SDK');
    expect(inputPreview({ value: { system: 'S', prompt: 'Outer prompt' } })).to.equal('Outer prompt');
    expect(inputPreview({ prompt: 'hello' })).to.equal('hello');
    expect(inputPreview({ order: 17 })).to.equal('{"order":17}');
    expect(inputPreview(null)).to.equal(null);
  });

  it('output: the answer text, the last message, a choice, a bare message', () => {
    expect(outputPreview({ text: 'Order 17 ships today.' })).to.equal('Order 17 ships today.');
    expect(outputPreview({ messages: [{ role: 'assistant', parts: [{ type: 'text', content: 'Rainy.' }] }] })).to.equal('Rainy.');
    expect(outputPreview({ choices: [{ message: { role: 'assistant', content: 'Chosen' } }] })).to.equal('Chosen');
    expect(outputPreview({ role: 'assistant', content: 'Bare' })).to.equal('Bare');
    expect(outputPreview({ result: { id: 1 } })).to.equal('{"result":{"id":1}}');
  });

  it(`cuts to ${PREVIEW_CHARS} characters with an ellipsis, never inside a surrogate pair`, () => {
    const long = inputPreview({ prompt: 'a'.repeat(5000) })!;
    expect(long).to.have.length(PREVIEW_CHARS);
    expect(long.endsWith('…')).to.equal(true);
    const emoji = inputPreview({ prompt: `${'a'.repeat(PREVIEW_CHARS - 2)}😀😀😀` })!;
    expect(emoji).to.equal(`${'a'.repeat(PREVIEW_CHARS - 2)}…`);
  });
});
