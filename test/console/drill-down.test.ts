import { expect } from 'chai';
import { DIMENSION_PARAM, drillDown } from '../../console/src/dashboards/drill-down.js';
import { filtersFromParams, listQuery } from '../../console/src/traces/trace-filters.js';
import type { components } from '../../generated/openapi.js';

type Dimension = components['schemas']['MetricsDimensionName'];
const FROM = Date.parse('2026-11-01T10:00:00Z');
const TO = Date.parse('2026-11-01T11:00:00Z');
const RANGE = { from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z' };
const one = (dimension: string, value: string | number | null, other = false) => ({ dimension, value, other });
const paramsOf = (href: string) => Object.fromEntries(new URL(href, 'http://console').searchParams);

describe('console dashboards: drill-down from a metrics group to the trace list', () => {
  it('maps every metrics dimension to a trace-list filter, the span dimensions model, provider and span type too', () => {
    expect(DIMENSION_PARAM).to.deep.equal({
      status: 'status',
      framework: 'framework',
      agent: 'agentName',
      session: 'sessionId',
      user: 'userId',
      environment: 'environment',
      release: 'release',
      tag: 'tag',
      promptName: 'promptName',
      promptVersion: 'promptVersion',
      model: 'model',
      provider: 'provider',
      spanType: 'spanType',
    } satisfies Record<Dimension, string | null>);
  });

  it('each mapped dimension becomes the listTraces parameter the trace list sends', () => {
    const cases: [Dimension, string, Record<string, string | number>][] = [
      ['status', 'error', { status: 'error' }],
      ['framework', 'crewai', { framework: 'crewai' }],
      ['agent', 'billing', { agentName: 'billing' }],
      ['session', 's-1', { sessionId: 's-1' }],
      ['user', 'ada', { userId: 'ada' }],
      ['environment', 'production', { environment: 'production' }],
      ['release', 'v1.2', { release: 'v1.2' }],
      ['tag', 'vip', { tag: 'vip' }],
      ['promptName', 'support/greeting', { promptName: 'support/greeting' }],
      ['model', 'gpt-4o', { model: 'gpt-4o' }],
      ['provider', 'openai', { provider: 'openai' }],
      ['spanType', 'LLM', { spanType: 'LLM' }],
    ];
    for (const [dimension, value, sent] of cases) {
      const link = drillDown(FROM, TO, [one(dimension, value)]);
      expect([link.exact, link.unfiltered], dimension).to.deep.equal([true, []]);
      const query = listQuery(filtersFromParams(new URL(link.href, 'http://console').searchParams));
      const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
      expect(defined, dimension).to.deep.equal({ ...RANGE, ...sent });
    }
  });

  it('a prompt version is a filter with its prompt name (the other dimension), and not alone', () => {
    const both = drillDown(FROM, TO, [one('promptName', 'greeting'), one('promptVersion', 3)]);
    expect([both.exact, paramsOf(both.href)]).to.deep.equal([true, { ...RANGE, promptName: 'greeting', promptVersion: '3' }]);
    expect(listQuery(filtersFromParams(new URL(both.href, 'http://console').searchParams)).promptVersion).to.equal(3);
    const alone = drillDown(FROM, TO, [one('promptVersion', 3)]);
    expect([alone.exact, alone.unfiltered, paramsOf(alone.href)]).to.deep.equal([false, ['prompt version'], RANGE]);
  });

  it('a model and a provider of one series are both in the address (the list wants them on one span, as the chart counted it)', () => {
    const link = drillDown(FROM, TO, [one('model', 'gpt-4o'), one('provider', 'openai')]);
    expect([link.exact, link.unfiltered, paramsOf(link.href)]).to.deep.equal([true, [], { ...RANGE, model: 'gpt-4o', provider: 'openai' }]);
  });

  it('the Other group and the group of no value of a span dimension still say the list cannot filter by them', () => {
    for (const [dimension, name] of [['model', 'model'], ['provider', 'provider'], ['spanType', 'span type']] as const) {
      const other = drillDown(FROM, TO, [one(dimension, null, true)]);
      expect([other.exact, other.unfiltered, paramsOf(other.href)], dimension).to.deep.equal([false, [`${name} (Other: the values beyond the top ones)`], RANGE]);
      const none = drillDown(FROM, TO, [one(dimension, null)]);
      expect([none.exact, none.unfiltered, paramsOf(none.href)], dimension).to.deep.equal([false, [`${name} (none: traces without one)`], RANGE]);
    }
  });

  it('the other group and the group of no value are not one value: named as unfiltered, the rest still applied', () => {
    const link = drillDown(FROM, TO, [one('tag', null, true), one('user', 'ada')]);
    expect([link.exact, link.unfiltered, paramsOf(link.href)]).to.deep.equal([false, ['tag (Other: the values beyond the top ones)'], { ...RANGE, userId: 'ada' }]);
    const none = drillDown(FROM, TO, [one('environment', null), one('model', 'gpt-4o')]);
    expect([none.exact, none.unfiltered, paramsOf(none.href)]).to.deep.equal([false, ['environment (none: traces without one)'], { ...RANGE, model: 'gpt-4o' }]);
  });
});
