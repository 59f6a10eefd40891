import { html } from 'htm/preact';
import { Component } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, get, state } from './api.js';
import type { Alert, CoordinatesStored, MapAnswer, MapLink, MapView, Settings, ValuesAnswer } from './api-types.js';
import { MapPopup, type PopupTarget } from './map-popup.js';
import {
  fitBox, fmt, labelPoint, linkKey, linkSpeed, linkValue, NO_DATA_COLOR, placeDevices, reachClass, roleOf, ROLE_LABEL,
  SEVERITY_COLOR, shapePath, speedWidth, utilColor, UTIL_SCALE, worstSeverity, zoomBox, type Point, type Role, type Severity, type ViewBox,
} from './map-model.js';
import { href, type Route } from './route.js';

/**
 * The network map of a view (`#/map/<viewId>[?at=<ms>]`): an SVG of the view's devices (shape by
 * role, colour by the worst active alert touching it, else by reachability, name as label) and links
 * (colour by utilisation, width by speed, each end labelled with its interface's current in/out
 * rate), from the map call, the linkVar/nodeVar values call (utilisation; after the first paint
 * also the rates and the speed) and the active alerts. Pan by dragging the background, zoom with the wheel or the
 * buttons (the viewBox changes; nothing is re-laid out); drag a device to move it (that device alone
 * stored with the coordinates call: the server stores every device's position, so no other moves);
 * click one to open its panel; hover a device or link for its popup. `at` shows
 * the map at an earlier time; live, the values are read again every poll interval.
 */

const LINK_VAR = 'ifInUtil';
const NODE_VAR = 'reachable';
const NODE_R = 10;
/** Live refresh of the values: the network's poll interval, within these bounds. */
const REFRESH_MIN_MS = 5_000, REFRESH_MAX_MS = 60_000, REFRESH_DEFAULT_MS = 30_000;

type Drag =
  | { kind: 'pan'; pointerId: number; cx: number; cy: number; vb: ViewBox; scale: number }
  | { kind: 'dev'; pointerId: number; id: number; cx: number; cy: number; start: Point; from: Point; moved: boolean };

interface LayerProps {
  readonly map: MapAnswer;
  readonly pos: Map<number, Point>;
  readonly values: ValuesAnswer | null;
  readonly extras: Extras | null;
}

/** What the map reads after its first paint: each link end's in/out rate, each link's speed, each device's worst alert. */
interface Extras {
  /** By link key: [in, out] of end a and of end b (bit/s, null without a point). */
  readonly rates: Map<string, { a: [number | null, number | null]; b: [number | null, number | null] }>;
  readonly speed: Map<string, number | null>;
  readonly severity: Map<number, Severity>;
}

/** The rates, speeds and alerts of a map (alerts only live: the list has the alerts active now). */
async function loadExtras(base: string, stamp: string, live: boolean): Promise<Extras> {
  const q = stamp ? '?' + stamp : '';
  const values = (lv: string) => get<ValuesAnswer>(`${base}/linkVar/${lv}/nodeVar/${NODE_VAR}${q}`);
  const [inR, outR, speed, alerts] = await Promise.allSettled([
    values('ifInRate'), values('ifOutRate'), values('ifSpeed'),
    live ? get<Alert[]>(`/v2/alerts/net/${state.netId}/alerts?active=true`) : Promise.resolve([] as Alert[]),
  ]);
  const ends = new Map<string, { a: [number | null, number | null]; b: [number | null, number | null] }>();
  const end = (k: string) => { let e = ends.get(k); if (!e) { e = { a: [null, null], b: [null, null] }; ends.set(k, e); } return e; };
  for (const [r, slot] of [[inR, 0], [outR, 1]] as const) {
    if (r.status !== 'fulfilled') continue;
    for (const l of r.value.links) {
      const key = linkKey(l.a, l.b);
      const e = end(key);
      // The values call may list the ends the other way round from the map: match each by its device and ifIndex.
      const [first, second] = endKey(l.a) <= endKey(l.b) ? [l.a, l.b] : [l.b, l.a];
      e.a[slot] = first.value; e.b[slot] = second.value;
    }
  }
  const speeds = new Map<string, number | null>();
  if (speed.status === 'fulfilled') for (const l of speed.value.links) speeds.set(linkKey(l.a, l.b), linkSpeed(l.a.value, l.b.value));
  const active = alerts.status === 'fulfilled' ? alerts.value.filter((a) => a.active) : [];
  return { rates: ends, speed: speeds, severity: worstSeverity(active) };
}

/** An end's text in a link key; the end whose text sorts first is `a` in the Extras' rates (as in linkKey). */
const endKey = (e: { deviceId: number; ifIndex: number }): string => `${e.deviceId}:${e.ifIndex}`;
const firstEnd = (l: MapLink): 'a' | 'b' => (endKey(l.a) <= endKey(l.b) ? 'a' : 'b');

/**
 * The devices and links: re-rendered only when the map, the positions or the values change (a pan
 * or zoom changes the svg's viewBox alone, so 1,000 devices are not diffed on every pointer move).
 */
class MapLayer extends Component<LayerProps> {
  override shouldComponentUpdate(next: LayerProps): boolean {
    return next.map !== this.props.map || next.pos !== this.props.pos || next.values !== this.props.values || next.extras !== this.props.extras;
  }

  override render({ map, pos, values, extras }: LayerProps) {
    const reach = new Map<number, number | null>();
    const util = new Map<string, number | null>();
    for (const d of values?.devices ?? []) reach.set(d.id, d.value);
    for (const l of values?.links ?? []) util.set(linkKey(l.a, l.b), linkValue(l.a.value, l.b.value));
    const shapes = new Map<Role, string>();
    const shape = (r: Role): string => { let s = shapes.get(r); if (!s) { s = shapePath(r, NODE_R); shapes.set(r, s); } return s; };
    return html`
      <g class="links">
        ${map.links.map((l, i) => {
          const a = pos.get(l.a.deviceId), b = pos.get(l.b.deviceId);
          if (!a || !b) return null;
          const v = util.get(linkKey(l.a, l.b)) ?? null;
          const extra = l.matching ? '' : ' extra';
          const key = linkKey(l.a, l.b);
          const speed = extras?.speed.get(key) ?? null;
          const r = extras?.rates.get(key);
          // Each end's [in, out], in the map's a/b order.
          const [ra, rb] = r ? (firstEnd(l) === 'a' ? [r.a, r.b] : [r.b, r.a]) : [null, null];
          const label = (at: Point, to: Point, io: [number | null, number | null] | null, which: string) => io === null ? null
            : html`<text class="rate-label" data-end=${which} data-in=${io[0] ?? ''} data-out=${io[1] ?? ''} x=${labelPoint(at, to).x} y=${labelPoint(at, to).y}>↓${fmt(io[0], 'b/s')} ↑${fmt(io[1], 'b/s')}</text>`;
          return html`<g class=${'link' + extra} data-i=${i} data-v=${v ?? undefined} data-a=${`${l.a.deviceId}:${l.a.ifIndex}`} data-b=${`${l.b.deviceId}:${l.b.ifIndex}`} data-speed=${speed ?? undefined}>
            <line class="hit" x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} />
            <line class="wire" x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} stroke=${utilColor(v)} style=${extras ? `stroke-width:${speedWidth(speed)}` : undefined} />
            ${label(a, b, ra, 'a')}${label(b, a, rb, 'b')}
          </g>`;
        })}
      </g>
      <g class="devices">
        ${map.devices.map((d) => {
          const p = pos.get(d.id)!;
          const role = roleOf(d);
          const extra = d.matching ? '' : ' extra';
          const sev = extras?.severity.get(d.id);
          return html`<g class=${`dev ${reachClass(reach.get(d.id))}${extra}${sev ? ' sev-' + sev : ''}`} data-id=${d.id} data-severity=${sev ?? undefined} data-x=${p.x} data-y=${p.y}
              transform=${`translate(${p.x},${p.y})`} tabindex="0" role="link" aria-label=${`${d.name} (${ROLE_LABEL[role]})`}>
            <path d=${shape(role)} />
            ${d.vendor ? html`<text class="vendor" y="3.5">${d.vendor.slice(0, 1).toUpperCase()}</text>` : null}
            <text class="dev-label" y=${NODE_R + 11}>${d.name}</text>
          </g>`;
        })}
      </g>`;
  }
}

function Legend({ values }: { values: ValuesAnswer | null }) {
  return html`
    <div class="map-legend" aria-label="Legend">
      <div class="legend-title">${values ? values.linkVar.description || values.linkVar.name : 'Link utilisation'}</div>
      ${UTIL_SCALE.map((s) => html`<span class="legend-item"><i style=${`background:${s.color}`}></i>${s.label}</span>`)}
      <span class="legend-item"><i style=${`background:${NO_DATA_COLOR}`}></i>no data</span>
      <div class="legend-title">Devices</div>
      <span class="legend-item"><i class="dot up"></i>reachable</span>
      <span class="legend-item"><i class="dot down"></i>unreachable</span>
      <span class="legend-item"><i class="dot unknown"></i>unknown</span>
      <div class="legend-title">Worst active alert</div>
      ${(Object.keys(SEVERITY_COLOR) as Severity[]).map((s) => html`<span class="legend-item"><i style=${`background:${SEVERITY_COLOR[s]}`}></i>${s}</span>`)}
      <div class="legend-title">Links</div>
      <span class="legend-item muted">width by speed · ↓ in ↑ out at each end</span>
      <span class="legend-item muted">⬡ core ◇ distribution ◻ access ○ other</span>
    </div>`;
}

/** `datetime-local` text of a time (local zone) and back. */
const toLocalInput = (ms: number): string => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

export function MapPage({ route }: { route: Route }) {
  const viewId = route.parts[1] ?? '';
  const atText = route.query.get('at');
  const at = atText !== null && /^\d+$/.test(atText) ? Number(atText) : null;

  const [view, setView] = useState<MapView | null>(null);
  const [map, setMap] = useState<MapAnswer | null>(null);
  const [pos, setPos] = useState<Map<number, Point>>(new Map());
  const [values, setValues] = useState<ValuesAnswer | null>(null);
  const [extras, setExtras] = useState<Extras | null>(null);
  const [vb, setVb] = useState<ViewBox>({ x: 0, y: 0, w: 1000, h: 600 });
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [popup, setPopup] = useState<PopupTarget | null>(null);
  const [timeInput, setTimeInput] = useState(() => toLocalInput(at ?? Date.now() - 3_600_000));

  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  const mapRef = useRef<MapAnswer | null>(null);
  mapRef.current = map;
  const posRef = useRef(pos);
  posRef.current = pos;

  const base = `/v2/ui/net/${state.netId}/views/${encodeURIComponent(viewId)}`;
  const stamp = at !== null ? `timestamp=${at}` : '';

  /** The viewBox showing these positions on the svg's current size (at most 1.6 px per map unit). */
  const fitted = (points: Iterable<Point>): ViewBox => {
    const r = svgRef.current?.getBoundingClientRect() ?? boxRef.current?.getBoundingClientRect();
    const ok = r !== undefined && r.height > 0 && r.width > 0;
    return fitBox(points, ok ? r.width / r.height : 16 / 9, ok ? r.width / 1.6 : 0);
  };

  const needFit = useRef(false);
  /** Shows a map answer: positions from it, and the viewBox fitted when asked (once the svg is there). */
  const show = useCallback((m: MapAnswer, fit: boolean) => {
    setMap(m);
    setPos(placeDevices(m.devices));
    if (fit) needFit.current = true;
  }, []);
  useEffect(() => {
    if (needFit.current && svgRef.current) { needFit.current = false; setVb(fitted(pos.values())); }
  }, [map, pos]);

  const loadValues = useCallback(async () => {
    const v = await get<ValuesAnswer>(`${base}/linkVar/${LINK_VAR}/nodeVar/${NODE_VAR}${stamp ? '?' + stamp : ''}`);
    setValues(v);
    return v;
  }, [base, stamp]);

  const loadMap = useCallback(async (fit: boolean) => {
    const m = await get<MapAnswer>(`${base}/map${stamp ? '?' + stamp : ''}`);
    show(m, fit);
    return m;
  }, [base, stamp, show]);

  // The view, the map and its values: again when the view or the time changes.
  useEffect(() => {
    if (viewId === '') return;
    let live = true;
    setLoading(true); setError(null); setNote(null); setPopup(null); setView(null); setMap(null); setValues(null); setExtras(null);
    get<MapView[]>(base).then((v) => live && setView(v[0] ?? null), () => undefined);
    // The map's failure is the one to show (an unknown view fails both calls); the values' otherwise.
    Promise.allSettled([loadMap(true), loadValues()]).then(([m, v]) => {
      if (!live) return;
      setLoading(false);
      if (m.status === 'rejected') { setMap(null); setError((m.reason as Error).message); return; }
      if (v.status === 'rejected') setError(`Values: ${(v.reason as Error).message}`);
      // After the first paint: the rates, speeds and alerts (not in the way of drawing the devices).
      void loadExtras(base, stamp, at === null).then((x) => { if (live) setExtras(x); }, () => undefined);
    });
    return () => { live = false; };
  }, [viewId, at]);

  // Live: the values every poll interval (bounded); the map again when a new generation appeared.
  useEffect(() => {
    if (viewId === '' || at !== null) return;
    let timer: number | undefined;
    let stopped = false;
    const net = state.netId;
    const start = (every: number): void => {
      if (stopped) return;
      timer = window.setInterval(async () => {
        // Nothing to refresh while there is no map (an unknown view, a failed load).
        if (document.hidden || drag.current || !mapRef.current) return;
        try {
          const v = await loadValues();
          const m = mapRef.current;
          if (m && v.generation !== m.generation) await loadMap(false);
          setExtras(await loadExtras(base, stamp, true));
          setError((e) => (e?.startsWith('Refreshing:') ? null : e));
        } catch (e) {
          setError(`Refreshing: ${(e as Error).message}`);
        }
      }, every);
    };
    get<Settings>(`/v2/ui/net/${net}/settings`).then(
      (s) => {
        const ms = s.config?.networks?.find((n) => n.id === net)?.pollIntervalMs ?? REFRESH_DEFAULT_MS;
        start(Math.min(Math.max(ms, REFRESH_MIN_MS), REFRESH_MAX_MS));
      },
      () => start(REFRESH_DEFAULT_MS),
    );
    return () => { stopped = true; window.clearInterval(timer); };
  }, [viewId, at, loadValues, loadMap, base, stamp]);

  const hasSvg = map !== null && map.devices.length > 0;
  // The wheel zooms about the pointer (a non-passive listener: the page must not scroll).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const on = (e: WheelEvent): void => {
      e.preventDefault();
      const p = toMap(e.clientX, e.clientY);
      if (p) setVb((v) => zoomBox(v, Math.exp(Math.sign(e.deltaY) * Math.min(Math.abs(e.deltaY), 200) / 400), p));
    };
    svg.addEventListener('wheel', on, { passive: false });
    return () => svg.removeEventListener('wheel', on);
  }, [hasSvg]);

  if (viewId === '') {
    return html`<section class="map-page"><p>No view chosen. Pick one on the <a href=${href('views')}>Maps</a> page.</p></section>`;
  }

  function toMap(cx: number, cy: number): Point | null {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return null;
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  const onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    const svg = svgRef.current!;
    const g = (e.target as Element).closest('g.dev');
    setPopup(null);
    window.clearTimeout(hoverTimer.current);
    if (g) {
      const id = Number(g.getAttribute('data-id'));
      const from = posRef.current.get(id);
      const start = toMap(e.clientX, e.clientY);
      if (!from || !start) return;
      drag.current = { kind: 'dev', pointerId: e.pointerId, id, cx: e.clientX, cy: e.clientY, start, from, moved: false };
    } else {
      const m = svg.getScreenCTM();
      drag.current = { kind: 'pan', pointerId: e.pointerId, cx: e.clientX, cy: e.clientY, vb, scale: m ? m.a : 1 };
      svg.classList.add('panning');
    }
    svg.setPointerCapture(e.pointerId);
  };

  const onPointerMove = (e: PointerEvent): void => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (d.kind === 'pan') {
      const dx = (e.clientX - d.cx) / d.scale, dy = (e.clientY - d.cy) / d.scale;
      setVb({ ...d.vb, x: d.vb.x - dx, y: d.vb.y - dy });
      return;
    }
    if (!d.moved && Math.hypot(e.clientX - d.cx, e.clientY - d.cy) < 4) return;
    d.moved = true;
    const p = toMap(e.clientX, e.clientY);
    if (!p) return;
    const next = new Map(posRef.current);
    next.set(d.id, { x: round2(d.from.x + p.x - d.start.x), y: round2(d.from.y + p.y - d.start.y) });
    setPos(next);
  };

  const onPointerUp = (e: PointerEvent): void => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    svgRef.current?.classList.remove('panning');
    if (d.kind !== 'dev') return;
    if (!d.moved) { location.hash = href('device', d.id); return; }
    const p = posRef.current.get(d.id)!;
    setNote(null);
    api<CoordinatesStored>('PUT', `/v2/ui/net/${state.netId}/views/${encodeURIComponent(viewId)}/coordinates`, [{ id: d.id, x: p.x, y: p.y }]).then(
      () => setNote(`Position of ${nameOf(d.id)} saved.`),
      (err: unknown) => {
        setError(`Saving the position of ${nameOf(d.id)}: ${(err as Error).message}`);
        const back = new Map(posRef.current);
        back.set(d.id, d.from);
        setPos(back);
      },
    );
  };

  const nameOf = (id: number): string => mapRef.current?.devices.find((x) => x.id === id)?.name ?? `device ${id}`;

  /** Hover: after a short pause, the popup of the device or link under the pointer. */
  const onPointerOver = (e: PointerEvent): void => {
    if (drag.current) return;
    const t = e.target as Element;
    const g = t.closest('g.dev, g.link');
    window.clearTimeout(hoverTimer.current);
    if (!g || !map) { setPopup(null); return; }
    const box = boxRef.current!.getBoundingClientRect();
    const left = Math.max(4, Math.min(e.clientX - box.left + 14, box.width - 410));
    const top = Math.max(4, Math.min(e.clientY - box.top + 14, box.height - 260));
    let target: PopupTarget | null = null;
    if (g.classList.contains('dev')) {
      const d = map.devices.find((x) => x.id === Number(g.getAttribute('data-id')));
      if (d) target = { key: `d${d.id}`, title: `${d.name} · ${d.address}${d.model ? ' · ' + d.model : ''}`, parts: [['', `popup/device/${d.id}`]], left, top };
    } else {
      const l: MapLink | undefined = map.links[Number(g.getAttribute('data-i'))];
      if (l) {
        const end = (x: MapLink['a']): [string, string] => [`${nameOf(x.deviceId)} ${x.ifName ?? '#' + x.ifIndex}`, `popup/device/${x.deviceId}/intf/${x.ifIndex}`];
        target = { key: `l${linkKey(l.a, l.b)}`, title: `Link ${nameOf(l.a.deviceId)} — ${nameOf(l.b.deviceId)} (${l.protocol})`, parts: [end(l.a), end(l.b)], left, top };
      }
    }
    if (!target) return;
    if (popup?.key === target.key) return;
    const tg = target;
    hoverTimer.current = window.setTimeout(() => setPopup(tg), 250);
  };

  const onPointerLeaveItem = (e: PointerEvent): void => {
    const to = e.relatedTarget as Element | null;
    if (to && to.closest?.('g.dev, g.link, .map-popup')) return;
    window.clearTimeout(hoverTimer.current);
    setPopup(null);
  };

  const onKey = (e: KeyboardEvent): void => {
    const g = (e.target as Element).closest?.('g.dev');
    if (g && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); location.hash = href('device', g.getAttribute('data-id')!); }
  };

  const zoomBy = (f: number): void => setVb((v) => zoomBox(v, f, { x: v.x + v.w / 2, y: v.y + v.h / 2 }));
  const fitScreen = (): void => setVb(fitted(posRef.current.values()));

  const layout = async (kind: 'auto' | 'reset' | 'fit'): Promise<void> => {
    if (kind === 'reset' && !window.confirm('Remove every stored position of this view and lay the map out anew?')) return;
    setBusy(kind); setError(null); setNote(null);
    const r = svgRef.current?.getBoundingClientRect();
    const q = kind === 'fit' ? `&width=${Math.max(1, Math.round(r?.width ?? 1000))}&height=${Math.max(1, Math.round(r?.height ?? 1000))}&margin=40` : '';
    try {
      const m = await get<MapAnswer>(`${base}/map?layout=${kind}${q}`);
      if (at === null) show(m, true);
      else await loadMap(true);
      setNote(kind === 'auto' ? 'Automatic layout stored.' : kind === 'reset' ? 'Map laid out anew.' : 'Positions fitted to the window and stored.');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const showAt = (): void => {
    const ms = new Date(timeInput).getTime();
    if (!Number.isFinite(ms) || ms <= 0) { setError('Choose a valid date and time.'); return; }
    if (ms > Date.now()) { setError('The time is in the future: choose an earlier one, or Live.'); return; }
    location.hash = href('map', viewId, { at: String(ms) });
  };

  const linked = map ? new Set(map.links.flatMap((l) => [l.a.deviceId, l.b.deviceId])).size : 0;
  const title = view?.name ?? `View ${viewId}`;
  const empty = map && map.devices.length === 0
    ? (map.generation === null ? 'No discovery has completed yet: the map has no devices.' : 'This view\'s map is empty: its rules match no device.')
    : null;

  return html`
    <section class="map-page">
      <div class="map-bar">
        <h1>${title}</h1>
        ${map ? html`<span class="muted map-counts">${map.devices.length} devices · ${map.links.length} links${map.generation !== null ? ` · generation ${map.generation}` : ''}${map.devices.length > linked ? ` · ${map.devices.length - linked} unlinked` : ''}</span>` : null}
        <span class="spacer"></span>
        <div class="map-time" role="group" aria-label="Time">
          ${at === null
            ? html`<span class="live-badge" title="Values refresh every poll interval">● Live</span>`
            : html`<span class="past-badge">At ${new Date(at).toLocaleString()}</span>`}
          <label>Show at <input type="datetime-local" value=${timeInput} onInput=${(e: Event) => setTimeInput((e.target as HTMLInputElement).value)} /></label>
          <button type="button" onClick=${showAt}>Show</button>
          ${at !== null ? html`<button type="button" class="primary" onClick=${() => { location.hash = href('map', viewId); }}>Back to live</button>` : null}
        </div>
      </div>
      <div class="map-bar">
        <div role="group" aria-label="Zoom">
          <button type="button" aria-label="Zoom in" title="Zoom in" onClick=${() => zoomBy(1 / 1.4)}>+</button>
          <button type="button" aria-label="Zoom out" title="Zoom out" onClick=${() => zoomBy(1.4)}>−</button>
          <button type="button" title="Show the whole map" onClick=${fitScreen}>Whole map</button>
        </div>
        <div role="group" aria-label="Layout">
          <button type="button" disabled=${busy !== null || !map} onClick=${() => layout('auto')}>${busy === 'auto' ? 'Laying out…' : 'Auto layout'}</button>
          <button type="button" disabled=${busy !== null || !map} onClick=${() => layout('fit')} title="Scale the stored positions to this window and store them">Fit</button>
          <button type="button" disabled=${busy !== null || !map} onClick=${() => layout('reset')}>Reset</button>
        </div>
        <span class="muted map-hint">Drag the background to pan, the wheel to zoom, a device to move it; click a device to open it.</span>
        ${note ? html`<span class="map-note" role="status">${note}</span>` : null}
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
      ${loading && !map ? html`<p class="loading">Loading the map…</p>` : null}
      ${empty ? html`<p class="panel map-empty">${empty}</p>` : null}
      ${map && !empty ? html`
        <div class="map-box" ref=${boxRef}>
          <svg class="netmap" ref=${svgRef} viewBox=${`${vb.x} ${vb.y} ${vb.w} ${vb.h}`} role="img" aria-label=${`Map of ${title}`}
            onPointerDown=${onPointerDown} onPointerMove=${onPointerMove} onPointerUp=${onPointerUp} onPointerCancel=${onPointerUp}
            onPointerOver=${onPointerOver} onPointerOut=${onPointerLeaveItem} onKeyDown=${onKey}>
            <${MapLayer} map=${map} pos=${pos} values=${values} extras=${extras} />
          </svg>
          ${popup ? html`<${MapPopup} key=${popup.key} target=${popup} />` : null}
          <${Legend} values=${values} />
          ${values ? html`<div class="map-stamp muted">${values.timestampMs !== null ? 'Values at ' + new Date(values.timestampMs).toLocaleString() : 'Latest values'} · devices by ${values.nodeVar.name}, links by ${values.linkVar.name} (${values.linkVar.unit})</div>` : null}
        </div>` : null}
    </section>`;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
