import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { buildSpanTree, visibleRows, type SpanTree } from './span-model';
import { formatCost, formatLatency } from '../ui/format';
import type { FlatSpan } from '../api/operation-types';

const ROW_HEIGHT = 28;
const FIRST_ROW_TIMING = { elementtiming: 'first-span-row' };
const KNOWN_TYPES = new Set(['LLM', 'TOOL', 'AGENT', 'WORKFLOW', 'RETRIEVER', 'CHAIN', 'EMBEDDING']);
const typeClass = (spanType: string) => `type-${KNOWN_TYPES.has(spanType.toUpperCase()) ? spanType.toUpperCase() : 'OTHER'}`;

interface WaterfallProps {
  spans: FlatSpan[];
  selectedSpanId: string | null;
  onSelect: (spanId: string) => void;
  /** While the rest of a big trace loads: the spans received so far (null once all are here). */
  loadingMore?: number | null;
}

/**
 * The span tree beside its timeline: one virtualized list whose rows carry the tree cell (indent,
 * toggle, type, name) and the bar on the shared time axis, so only the rows in view are in the DOM
 * however many spans the trace has. Keyboard: arrows move, Left/Right collapse/expand, Enter selects.
 */
export function Waterfall({ spans, selectedSpanId, onSelect, loadingMore = null }: WaterfallProps) {
  const tree: SpanTree = useMemo(() => buildSpanTree(spans), [spans]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const rowOf = useMemo(() => {
    const map = new Int32Array(tree.spans.length).fill(-1);
    rows.forEach((spanIndex, row) => (map[spanIndex] = row));
    return map;
  }, [rows, tree]);
  const selectedIndex = selectedSpanId === null ? -1 : (tree.indexOf.get(selectedSpanId) ?? -1);
  const [active, setActive] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  // A deep link to a span: expand its ancestors and bring it into view once.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || revealed.current === selectedSpanId) return;
    revealed.current = selectedSpanId;
    const closed = new Set(collapsed);
    let changed = false;
    for (let p = tree.parent[selectedIndex]; p >= 0; p = tree.parent[p]) if (closed.delete(p)) changed = true;
    if (changed) setCollapsed(closed);
  }, [selectedIndex, selectedSpanId, tree, collapsed]);
  useEffect(() => {
    if (selectedIndex < 0) return;
    const row = rowOf[selectedIndex];
    if (row >= 0) {
      setActive(row);
      virtualizer.scrollToIndex(row, { align: 'auto' });
    }
    // Only when the selection or the visible rows change, not on every scroll.
  }, [selectedIndex, rowOf]);

  const toggle = (spanIndex: number, open?: boolean) => {
    if (tree.children[spanIndex].length === 0) return;
    const next = new Set(collapsed);
    const isOpen = !next.has(spanIndex);
    if (open ?? !isOpen) next.delete(spanIndex);
    else next.add(spanIndex);
    setCollapsed(next);
  };

  const moveTo = (row: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, row));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const spanIndex = rows[active];
    if (spanIndex === undefined) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      PageDown: () => moveTo(active + page),
      PageUp: () => moveTo(active - page),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => (collapsed.has(spanIndex) ? toggle(spanIndex, true) : tree.children[spanIndex].length > 0 && moveTo(active + 1)),
      ArrowLeft: () => (tree.children[spanIndex].length > 0 && !collapsed.has(spanIndex) ? toggle(spanIndex, false) : tree.parent[spanIndex] >= 0 && moveTo(rowOf[tree.parent[spanIndex]])),
      Enter: () => onSelect(tree.spans[spanIndex].spanId),
      ' ': () => onSelect(tree.spans[spanIndex].spanId),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const activeSpan = rows[active] === undefined ? undefined : tree.spans[rows[active]];
  return (
    <div className="waterfall">
      <div className="waterfall-head" aria-hidden="true">
        <div className="tree-cell">Span</div>
        <div className="bar-cell axis">
          {ticks.map((t) => (
            <span key={t} style={{ left: `${t * 100}%` }}>
              {formatLatency(t * tree.totalMs)}
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        className="waterfall-body"
        role="tree"
        aria-label={`Spans (${spans.length.toLocaleString()})`}
        tabIndex={0}
        aria-activedescendant={activeSpan ? `span-row-${rows[active]}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const spanIndex = rows[item.index];
            const span = tree.spans[spanIndex];
            const left = (tree.start[spanIndex] / tree.totalMs) * 100;
            // Clamped to the track: a minimum-width bar at the trace's end would otherwise run past it.
            const width = Math.min(100 - left, Math.max(0.2, ((tree.end[spanIndex] - tree.start[spanIndex]) / tree.totalMs) * 100));
            const hasChildren = tree.children[spanIndex].length > 0;
            const isOpen = !collapsed.has(spanIndex);
            const cost = typeof span.cost === 'number' ? span.cost : null;
            const siblings = tree.parent[spanIndex] >= 0 ? tree.children[tree.parent[spanIndex]] : tree.roots;
            return (
              <div
                key={item.key}
                id={`span-row-${spanIndex}`}
                role="treeitem"
                aria-level={tree.depth[spanIndex] + 1}
                aria-setsize={siblings.length}
                aria-posinset={siblings.indexOf(spanIndex) + 1}
                aria-expanded={hasChildren ? isOpen : undefined}
                aria-selected={spanIndex === selectedIndex}
                data-span-id={span.spanId}
                className={`span-row ${spanIndex === selectedIndex ? 'selected' : ''} ${item.index === active ? 'active' : ''} span-status-${span.status}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => {
                  setActive(item.index);
                  onSelect(span.spanId);
                }}
              >
                <div className="tree-cell" style={{ paddingLeft: 4 + tree.depth[spanIndex] * 14 }}>
                  <span
                    className="twisty"
                    aria-hidden="true"
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(spanIndex);
                    }}
                  >
                    {hasChildren ? (isOpen ? '▾' : '▸') : ''}
                  </span>
                  <span className={`type-tag ${typeClass(span.spanType)}`}>{span.spanType}</span>
                  {span.status === 'error' && (
                    <span className="error-mark">
                      <span aria-hidden="true">✕</span>
                      <span className="visually-hidden">error</span>
                    </span>
                  )}
                  {/* Element Timing: the browser reports when the first row's text was painted (the bench's first-paint figure). */}
                  <span className="span-name" {...(item.index === 0 ? FIRST_ROW_TIMING : undefined)}>
                    {span.name}
                  </span>
                </div>
                <div className="bar-cell">
                  <span className={`bar ${typeClass(span.spanType)} ${span.status === 'error' ? 'bar-error' : ''}`} style={{ left: `${left}%`, width: `${width}%` }} />
                  {/* After the bar; before it when it ends near the right edge; inside when it fills the row. */}
                  <span
                    className={`bar-label ${left + width > 70 && left < 20 ? 'inside' : ''}`}
                    style={left + width <= 70 ? { left: `${left + width}%` } : left >= 20 ? { right: `${100 - left}%` } : { right: `${100 - left - width}%` }}
                  >
                    {formatLatency(span.latencyMs)}
                    {cost !== null ? ` · ${formatCost(cost)}` : ''}
                  </span>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <p className="muted small" role="status">
        {loadingMore !== null
          ? `Loading more spans… ${loadingMore.toLocaleString()} received so far.`
          : `${rows.length.toLocaleString()} of ${spans.length.toLocaleString()} spans shown. Arrow keys move, Left/Right fold, Enter selects.`}
      </p>
    </div>
  );
}
