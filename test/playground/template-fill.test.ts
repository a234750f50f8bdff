import { expect } from 'chai';
import { fillTemplates, placeholdersOf } from '../../src/domain/playground/template-fill.js';

describe('Playground template filling', () => {
  it('fills {{name}} and {{ name }} in every text', () => {
    expect(fillTemplates(['Hi {{name}}', 'In {{ language }}, {{name}}.'], { name: 'Ada', language: 'French' })).to.deep.equal({ filled: ['Hi Ada', 'In French, Ada.'], missing: [] });
  });

  it('reports each placeholder without a value once, at /body/variables/<name>', () => {
    expect(fillTemplates(['{{a}} {{b}}', '{{a}}'], { b: 'x' }).missing).to.deep.equal([{ path: '/body/variables/a', code: 'required', message: 'the template uses {{a}}; give it a value' }]);
  });

  it('inserts a value containing a placeholder as written, without filling it again', () => {
    expect(fillTemplates(['{{a}}'], { a: '{{b}}', b: 'no' }).filled).to.deep.equal(['{{b}}']);
  });

  it('does not take inherited object keys for values', () => {
    expect(fillTemplates(['{{constructor}}'], {}).missing.map((e) => e.path)).to.deep.equal(['/body/variables/constructor']);
  });

  it('lists the placeholders of a text once each, in order', () => {
    expect(placeholdersOf('{{b}} {{ a }} {{b}} {{not valid}}')).to.deep.equal(['b', 'a']);
  });
});
