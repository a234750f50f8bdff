import { expect } from 'chai';
import { inputConversation, outputConversation, safeImageUrl, toolSpanResults } from '../../console/src/conversations/messages.js';

/**
 * The console's message normalizer (console/src/conversations/messages.ts) over each producer's stored
 * shape, as src/domain/otlp/span-mapper.ts keeps it. Shapes follow the OTel GenAI conventions
 * (../shared/reference/otel-genai.md), OpenInference, the AI SDK and the OpenAI/Anthropic chat formats.
 */
describe('console conversation normalizer', () => {
  it('OTel GenAI parts: system instructions first, text parts, tool_call and tool_call_response by id', () => {
    const input = {
      system_instructions: [{ type: 'text', content: 'You are terse.' }],
      messages: [
        { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'rainy, 57°F' }] },
      ],
    };
    expect(inputConversation(input)).to.deep.equal([
      { role: 'system', parts: [{ kind: 'text', text: 'You are terse.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', parts: [{ kind: 'tool-call', id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] },
      { role: 'tool', parts: [{ kind: 'tool-result', id: 'c1', name: null, result: 'rainy, 57°F' }] },
    ]);
    expect(outputConversation({ messages: [{ role: 'assistant', parts: [{ type: 'text', content: 'Rainy.' }], finish_reason: 'stop' }] })).to.deep.equal([
      { role: 'assistant', parts: [{ kind: 'text', text: 'Rainy.' }] },
    ]);
  });

  it('OTel GenAI uri and blob image parts become images; other modalities stay data', () => {
    const [message] = inputConversation({
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'uri', modality: 'image', uri: 'https://example.com/cat.png' },
            { type: 'blob', modality: 'image', mime_type: 'image/png', content: 'iVBORw0KGgo=' },
            { type: 'uri', modality: 'video', uri: 'https://example.com/v.mp4' },
          ],
        },
      ],
    })!;
    expect(message.parts).to.deep.equal([
      { kind: 'image', url: 'https://example.com/cat.png' },
      { kind: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
      { kind: 'data', value: { type: 'uri', modality: 'video', uri: 'https://example.com/v.mp4' } },
    ]);
  });

  it('deprecated gen_ai events and OpenAI tool_calls: choice messages, string arguments decoded, tool message by id', () => {
    expect(
      inputConversation({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', tool_calls: [{ id: 'c9', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }] },
          { role: 'tool', id: 'c9', content: '{"found":true}' },
        ],
      }),
    ).to.deep.equal([
      { role: 'user', parts: [{ kind: 'text', text: 'Hi' }] },
      { role: 'assistant', parts: [{ kind: 'tool-call', id: 'c9', name: 'lookup', arguments: { q: 'x' } }] },
      { role: 'tool', parts: [{ kind: 'tool-result', id: 'c9', name: null, result: { found: true } }] },
    ]);
    expect(outputConversation({ messages: [{ index: 0, finish_reason: 'stop', message: { content: 'Hello there' } }] })).to.deep.equal([
      { role: 'assistant', parts: [{ kind: 'text', text: 'Hello there' }] },
    ]);
  });

  it('OpenInference (as the ingest flattens it): content, contents with images, tool_calls {id, name, arguments}', () => {
    expect(
      inputConversation({
        messages: [
          { role: 'user', contents: [{ type: 'text', text: 'What is this?' }, { type: 'image', image: { image: { url: 'https://example.com/a.jpg' } } }] },
          { role: 'assistant', content: '', tool_calls: [{ id: 't1', name: 'classify', arguments: { label: 'cat' } }] },
        ],
      }),
    ).to.deep.equal([
      { role: 'user', parts: [{ kind: 'text', text: 'What is this?' }, { kind: 'image', url: 'https://example.com/a.jpg' }] },
      { role: 'assistant', parts: [{ kind: 'tool-call', id: 't1', name: 'classify', arguments: { label: 'cat' } }] },
    ]);
  });

  it('AI SDK: content arrays, tool-call input and tool-result output.value; output text plus toolCalls as one assistant message', () => {
    expect(
      inputConversation({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Where is order 17?' }] },
          { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookupOrder', input: { id: 17 } }] },
          { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'lookupOrder', output: { type: 'json', value: { status: 'shipping' } } }] },
        ],
      }),
    ).to.deep.equal([
      { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'Where is order 17?' }] },
      { role: 'assistant', parts: [{ kind: 'tool-call', id: 'call-1', name: 'lookupOrder', arguments: { id: 17 } }] },
      { role: 'tool', parts: [{ kind: 'tool-result', id: 'call-1', name: 'lookupOrder', result: { status: 'shipping' } }] },
    ]);
    expect(outputConversation({ text: 'Done.', tool_calls: [{ toolCallId: 'call-2', toolName: 'notify', input: '{"to":"ops"}' }] })).to.deep.equal([
      { role: 'assistant', parts: [{ kind: 'text', text: 'Done.' }, { kind: 'tool-call', id: 'call-2', name: 'notify', arguments: { to: 'ops' } }] },
    ]);
    // The outer ai.generateText span: ai.prompt stored as value.
    expect(inputConversation({ value: { system: 'Be brief.', prompt: 'Hi' } })).to.deep.equal([
      { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'Hi' }] },
    ]);
  });

  it('native: a bare {role, content} output, {message}, choices, OpenAI image_url parts', () => {
    expect(outputConversation({ role: 'assistant', content: 'Plain answer' })).to.deep.equal([{ role: 'assistant', parts: [{ kind: 'text', text: 'Plain answer' }] }]);
    expect(outputConversation({ message: { role: 'assistant', content: 'Wrapped' } })).to.deep.equal([{ role: 'assistant', parts: [{ kind: 'text', text: 'Wrapped' }] }]);
    expect(outputConversation({ choices: [{ message: { role: 'assistant', content: 'Chosen' } }] })).to.deep.equal([{ role: 'assistant', parts: [{ kind: 'text', text: 'Chosen' }] }]);
    expect(inputConversation({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'javascript:alert(1)' } }] }] })).to.deep.equal([
      { role: 'user', parts: [{ kind: 'data', value: { type: 'image_url', image_url: { url: 'javascript:alert(1)' } } }] },
    ]);
  });

  it('no conversation: plain JSON input and output are null (the panel shows JSON)', () => {
    expect(inputConversation({ query: 'x' })).to.equal(null);
    expect(outputConversation({ result: { id: 1 } })).to.equal(null);
    expect(inputConversation({ messages: [{ nope: 1 }] })).to.equal(null);
  });

  it('images: only http(s) and data:image/* of raster types', () => {
    expect(safeImageUrl('https://x/y.png')).to.equal('https://x/y.png');
    expect(safeImageUrl('data:image/jpeg;base64,AAAA')).to.equal('data:image/jpeg;base64,AAAA');
    expect(safeImageUrl('data:image/svg+xml;base64,AAAA')).to.equal(null);
    expect(safeImageUrl('data:text/html;base64,AAAA')).to.equal(null);
    expect(safeImageUrl('javascript:alert(1)')).to.equal(null);
  });

  it('tool spans as tool messages keyed by metadata.tool_call_id', () => {
    expect(
      toolSpanResults([
        { metadata: { tool_call_id: 'call-1', tool_name: 'lookupOrder' }, output: { result: { id: 17 } } },
        { metadata: {}, output: { result: 1 } },
      ]),
    ).to.deep.equal([{ role: 'tool', parts: [{ kind: 'tool-result', id: 'call-1', name: 'lookupOrder', result: { id: 17 } }] }]);
  });
});
