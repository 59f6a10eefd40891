import { html } from 'htm/preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import type { ChartData } from './graph-data.js';

/** Series colours, in order (distinct on white, readable for the common colour blindnesses). */
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

interface TimeChartProps {
  readonly data: ChartData;
  readonly height?: number;
  /** Called with the selected time range (ms) when the user drags across the chart. */
  readonly onZoom?: (fromMs: number, toMs: number) => void;
  /** Called once the chart has drawn its data (ms since the data arrived), for the benchmark. */
  readonly onDrawn?: () => void;
  /** How the value axes write a value (a mirrored chart writes its negative half without the sign). */
  readonly axisFormat?: (v: number) => string;
}

/**
 * A time series chart (uPlot): a left axis for the first unit and a right axis for a second one,
 * each series named by its legend and unit, drag across to zoom (`onZoom`). The width follows the
 * container's.
 */
export function TimeChart(props: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // The latest callbacks: the chart is rebuilt only when its data change, not on every render.
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { data } = props;
    const units = [...new Set(data.series.map((s) => s.unit))];
    const scaleOf = (unit: string): string => (units.indexOf(unit) === 1 ? 'right' : 'left');
    const fmt = props.axisFormat;
    const values = fmt ? { values: (_u: uPlot, splits: number[]) => splits.map(fmt), size: 70 } : {};
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height: props.height ?? 260,
      series: [
        {},
        ...data.series.map((s, i) => ({
          label: s.unit ? `${s.label} (${s.unit})` : s.label,
          stroke: PALETTE[i % PALETTE.length],
          width: 1.5,
          scale: scaleOf(s.unit),
          spanGaps: false,
        })),
      ],
      scales: { x: { time: true }, left: {}, right: {} },
      axes: [
        {},
        { scale: 'left', label: units[0] ?? '', ...values },
        ...(units.length > 1 ? [{ scale: 'right', side: 1, label: units[1], grid: { show: false }, ...values }] : []),
      ],
      cursor: { drag: { x: true, y: false, setScale: false } },
      hooks: {
        setSelect: [(u: uPlot) => {
          const onZoom = latest.current.onZoom;
          if (u.select.width < 2 || !onZoom) return;
          const from = u.posToVal(u.select.left, 'x') * 1000;
          const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          onZoom(Math.round(from), Math.round(to));
        }],
        draw: [() => latest.current.onDrawn?.()],
      },
    };
    const plot = new uPlot(opts, [data.times, ...data.values] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth || 600, height: props.height ?? 260 }));
    resize.observe(el);
    return () => { resize.disconnect(); plot.destroy(); };
  }, [props.data, props.height]);
  // data-points: the values drawn (non-null), for tests that compare them with the graph call.
  let points = 0;
  for (const col of props.data.values) for (const v of col) if (v !== null) points++;
  return html`<div class="chart" ref=${box} data-series=${props.data.series.length} data-points=${points}></div>`;
}
