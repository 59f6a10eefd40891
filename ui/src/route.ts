import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/map/12`, `#/device/3?tab=interfaces`): a page link survives a reload and can be
 * shared, and the server needs no fallback for client paths. `path` is the part before `?`,
 * split on `/`; `query` the part after.
 */
export interface Route {
  readonly parts: readonly string[];
  readonly query: URLSearchParams;
}

function parseHash(hash: string): Route {
  const h = hash.replace(/^#\/?/, '');
  const q = h.indexOf('?');
  const path = q < 0 ? h : h.slice(0, q);
  return { parts: path.split('/').filter((p) => p !== '').map(decodeURIComponent), query: new URLSearchParams(q < 0 ? '' : h.slice(q + 1)) };
}

/** The current route, re-rendering on every hash change. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const on = (): void => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** A link target: `href('device', 3)` → `#/device/3`; with a query object, `?k=v…`. */
export function href(...parts: (string | number | Record<string, string>)[]): string {
  const q = parts.length > 0 && typeof parts[parts.length - 1] === 'object' ? parts.pop() as Record<string, string> : null;
  const path = '#/' + (parts as (string | number)[]).map((p) => encodeURIComponent(String(p))).join('/');
  return q && Object.keys(q).length > 0 ? `${path}?${new URLSearchParams(q).toString()}` : path;
}
