import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import type { GraphAnswer, GraphInfo } from './api-types.js';
import { fmt } from './map-model.js';

/**
 * The map's hover popup: the device popup (`popup/device/:devid`) or, for a link, the popups of
 * its two ends (`popup/device/:devid/intf/:ifIndex`): each variable's legend, latest value and a
 * sparkline of the last hour. Answers are kept for a few seconds so that moving over the map does
 * not repeat calls.
 */


export interface PopupTarget {
  readonly key: string;
  readonly title: string;
  /** One popup call per section: [heading, path under /v2/ui/net/:id]. */
  readonly parts: readonly (readonly [string, string])[];
  readonly left: number;
  readonly top: number;
}

const cache = new Map<string, { at: number; answer: Promise<GraphAnswer> }>();
const KEEP_MS = 10_000;

function popup(path: string): Promise<GraphAnswer> {
  const now = Date.now();
  const hit = cache.get(path);
  if (hit && now - hit.at < KEEP_MS) return hit.answer;
  const answer = get<GraphAnswer>(path);
  cache.set(path, { at: now, answer });
  answer.catch(() => cache.delete(path));
  if (cache.size > 200) cache.delete(cache.keys().next().value!);
  return answer;
}

function points(ts: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < ts.length; i++) {
    const c = ts[i]!.indexOf(',');
    const t = Number(ts[i]!.slice(0, c)), v = Number(ts[i]!.slice(c + 1));
    if (Number.isFinite(t) && Number.isFinite(v)) out.push([t, v]);
  }
  return out;
}

function Spark({ pts }: { pts: [number, number][] }) {
  if (pts.length < 2) return null;
  const t0 = pts[0]![0], t1 = pts[pts.length - 1]![0];
  let lo = Infinity, hi = -Infinity;
  for (const [, v] of pts) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  const W = 90, H = 18, dv = hi - lo || 1, dt = t1 - t0 || 1;
  const d = pts.map(([t, v]) => `${(((t - t0) / dt) * W).toFixed(1)},${(H - 1 - ((v - lo) / dv) * (H - 2)).toFixed(1)}`).join(' ');
  return html`<svg class="spark" width=${W} height=${H} aria-hidden="true"><polyline points=${d} /></svg>`;
}

function Section({ heading, path }: { heading: string; path: string }) {
  const [s, setS] = useState<{ answer?: GraphAnswer; error?: string }>({});
  useEffect(() => {
    let live = true;
    popup(`/v2/ui/net/${state.netId}/${path}`).then(
      (answer) => live && setS({ answer }),
      (e: unknown) => live && setS({ error: (e as Error).message }),
    );
    return () => { live = false; };
  }, [path]);
  return html`
    <div class="popup-section">
      ${heading ? html`<div class="popup-heading">${heading}</div>` : null}
      ${s.error ? html`<div class="error">${s.error}</div>`
        : !s.answer ? html`<div class="muted">Loading…</div>`
        : s.answer.info.length === 0 ? html`<div class="muted">No variables in the last hour.</div>`
        : html`<table>${s.answer.info.map((i) => {
            const pts = points(i.timeseries);
            const last = pts.length > 0 ? pts[pts.length - 1]![1] : null;
            return html`<tr><td class="popup-legend">${i.legend}</td><td class="num">${fmt(last, i.unit)}</td><td class="spark-cell"><${Spark} pts=${pts} /></td></tr>`;
          })}</table>`}
    </div>`;
}

export function MapPopup({ target }: { target: PopupTarget }) {
  return html`
    <div class="map-popup" role="tooltip" style=${`left:${target.left}px;top:${target.top}px`}>
      <div class="popup-title">${target.title}</div>
      ${target.parts.map(([heading, path]) => html`<${Section} key=${path} heading=${heading} path=${path} />`)}
    </div>`;
}
