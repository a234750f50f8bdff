import uPlot from 'uplot';

/** The share of a bucket its group of bars fills (the rest is the gap to the next bucket), and a bar's widest. */
const GROUP_SHARE = 0.8;
const MAX_BAR_PX = 40;
/** uPlot's BarsPathBuilderFacetUnit.ScaleValue: a const enum, which an isolated-modules build cannot import. */
const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;

/** A bar as drawn: its series (0-based, as in the legend), its bucket, and its box in CSS pixels of the plot area. */
export interface DrawnBar {
  series: number;
  index: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where series `k` of `count` draws its bars: an offset from the bucket's x and a width, both in x
 * units, so that the series of one bucket stand side by side, in legend order, centred on it.
 * `step` is the (shortest) bucket length in x units; the widths follow the plot's current pixels.
 */
function slotOf(u: uPlot, step: number, count: number, k: number): { offset: number; width: number } {
  const min = u.scales.x.min ?? 0;
  const stepPx = Math.max(1, Math.abs(u.valToPos(min + step, 'x') - u.valToPos(min, 'x')));
  const barPx = Math.min((GROUP_SHARE * stepPx) / count, MAX_BAR_PX);
  const width = (barPx / stepPx) * step;
  return { offset: (k - count / 2) * width, width };
}

/**
 * The paths of series `k` of `count` bar series over `xs` (bucket starts, x units): uPlot's bars
 * builder with each bar's left edge and width given (`disp`), instead of every series' bar centred
 * on the same x, where several series would overlap. `drawn` receives each bar's box as uPlot draws it.
 */
export function groupedBars(xs: readonly number[], step: number, count: number, k: number, drawn: (bar: DrawnBar) => void): uPlot.Series.PathBuilder {
  return uPlot.paths.bars!({
    // A few pixels between neighbouring series, so rounding to whole pixels never makes them touch.
    gap: 2,
    disp: {
      x0: { unit: SCALE_VALUE, values: (u) => { const { offset } = slotOf(u, step, count, k); return xs.map((x) => x + offset); } },
      size: { unit: SCALE_VALUE, values: (u) => [slotOf(u, step, count, k).width] },
    },
    // uPlot gives canvas pixels from the canvas's corner; the plot area (u.over) starts at bbox.left/top.
    each: (u, _seriesIdx, index, left, top, width, height) =>
      drawn({ series: k, index, left: (left - u.bbox.left) / uPlot.pxRatio, top: (top - u.bbox.top) / uPlot.pxRatio, width: width / uPlot.pxRatio, height: height / uPlot.pxRatio }),
  });
}

/** The bar under a pointer at `left` (CSS pixels in the plot area): the drawn bar whose width spans it, of a shown series. */
export function barAt(bars: Iterable<DrawnBar>, left: number, shown: (series: number) => boolean): DrawnBar | null {
  for (const bar of bars) if (shown(bar.series) && left >= bar.left && left < bar.left + bar.width) return bar;
  return null;
}
