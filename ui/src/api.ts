/**
 * The UI's one way to the server's JSON API: same-origin fetch with the session cookie, JSON in and
 * out, every failure an ApiError with the server's code and message ({status, error, code}).
 * A 401 also tells the app (the `unauthorized` event on window) so that it shows the login form.
 */

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** The network the UI shows (the first configured one until the user picks another). */
export const state = { netId: 1 };

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'X-Requested-With': 'netmon-ui', Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'NETWORK', `the server does not answer (${(e as Error).message})`);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text !== '') {
    try { data = JSON.parse(text); } catch { data = text; }
  }
  if (!res.ok) {
    const err = data as { error?: string; code?: string } | null;
    if (res.status === 401) window.dispatchEvent(new Event('unauthorized'));
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.error ?? `${method} ${path}: HTTP ${res.status}`);
  }
  return data as T;
}

export const get = <T>(path: string): Promise<T> => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown): Promise<T> => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown): Promise<T> => api<T>('PUT', path, body);
export const del = <T>(path: string): Promise<T> => api<T>('DELETE', path);
