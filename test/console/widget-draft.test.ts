import { expect } from 'chai';
import { DEFAULT_WIDGETS } from '../../src/domain/dashboards/default-dashboard.js';
import type { Schemas } from '../../console/src/api/operation-types.js';
import { draftOf, NEW_WIDGET, widgetsOf } from '../../console/src/dashboards/widget-draft.js';

const sized = (title: string, width: string, height = '4') => ({ ...NEW_WIDGET, title, width, height });

describe('console dashboard editor: widget drafts', () => {
  it('lays widgets out in list order, left to right, a new row when the next one does not fit in 12 columns', () => {
    expect(widgetsOf([sized('a', '3'), sized('b', '6', '2'), sized('c', '4'), sized('d', '12', '3'), sized('e', '5')]).map((w) => [w.title, w.layout])).to.deep.equal([
      ['a', { x: 0, y: 0, w: 3, h: 4 }],
      ['b', { x: 3, y: 0, w: 6, h: 2 }],
      ['c', { x: 0, y: 4, w: 4, h: 4 }],
      ['d', { x: 0, y: 8, w: 12, h: 3 }],
      ['e', { x: 0, y: 11, w: 5, h: 4 }],
    ]);
  });

  it('gives back the built-in dashboard\'s widgets unchanged when copied without edits', () => {
    // The service's widgets as the console reads them (the answer's schema, where `top` is always given).
    const widgets = DEFAULT_WIDGETS.map((w) => structuredClone(w)) as unknown as Schemas['DashboardWidget'][];
    expect(widgetsOf(widgets.map(draftOf))).to.deep.equal(widgets);
  });

  it('sends a number that is not an integer as it is not (null in JSON), for the service to refuse at its path', () => {
    const [widget] = widgetsOf([{ ...NEW_WIDGET, width: 'six', dimensions: [{ name: 'agent', top: '5.5' }] }]);
    expect(JSON.parse(JSON.stringify([widget.layout.w, widget.query.dimensions]))).to.deep.equal([null, [{ name: 'agent', top: null }]]);
  });

  it('keeps filter rules as saved-filter rules, and filters with groups unchanged', () => {
    const rules = [{ id: 'rule-1', field: 'agentName', operator: 'is' as const, value: 'support' }];
    const group = [{ id: 'g', type: 'group', logicalOperator: 'OR', rules }];
    const widget = (filters: object[]) => ({ type: 'number' as const, title: 'n', query: { measures: ['traceCount' as const], filters: filters as never }, layout: { x: 0, y: 0, w: 6, h: 4 } });
    expect(widgetsOf([draftOf(widget(rules))])[0].query.filters).to.deep.equal(rules);
    expect(widgetsOf([draftOf(widget(group))])[0].query.filters).to.deep.equal(group);
  });
});
