import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { activeAlerts } from './overview-data.js';

/**
 * The active-alert count beside "Alerts" in the navigation of every page: the length of the active
 * alert list (`GET /v2/alerts/net/:id/alerts?active=true`), read at start, every REFRESH_MS and at
 * each page change. Nothing is shown until the first answer; a failed read keeps the last count.
 */
const REFRESH_MS = 15_000;

export function AlertBadge() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const read = (): void => {
      activeAlerts().then((a) => { if (live) setCount(a.length); }, () => undefined);
    };
    read();
    const t = setInterval(read, REFRESH_MS);
    window.addEventListener('hashchange', read);
    return () => { live = false; clearInterval(t); window.removeEventListener('hashchange', read); };
  }, []);
  if (count === null) return null;
  return html`<span class=${`nav-badge ${count > 0 ? 'hot' : ''}`} data-count=${count}
    title=${`${count} active alert${count === 1 ? '' : 's'}`} aria-label=${`${count} active alerts`}>${count}</span>`;
}
