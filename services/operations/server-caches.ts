/**
 * The caches of the server, by name (`cache/list`, `cache/clear`, `cache/refresh`). Each cache
 * registers how to count, clear and refresh itself; a cache that cannot say its bytes leaves
 * `bytes` out.
 */
interface ServerCache {
  readonly name: string;
  /** What it holds, in words. */
  readonly description: string;
  size(): { readonly entries: number; readonly bytes?: number };
  /** Drops every entry: the next read builds it again. */
  clear(): void;
  /** Builds the entries again now (by default: clear; the next read builds them). */
  refresh(): void;
}

interface CacheInfo {
  readonly name: string;
  readonly description: string;
  readonly entries: number;
  readonly bytes?: number;
}

export class ServerCaches {
  private readonly caches = new Map<string, ServerCache>();

  add(c: ServerCache): void { this.caches.set(c.name, c); }

  names(): readonly string[] { return [...this.caches.keys()]; }

  list(): CacheInfo[] {
    return [...this.caches.values()].map((c) => ({ name: c.name, description: c.description, ...c.size() }));
  }

  /** The named cache, or every one when `name` is undefined; undefined for an unknown name. */
  select(name: string | undefined): ServerCache[] | undefined {
    if (name === undefined) return [...this.caches.values()];
    const c = this.caches.get(name);
    return c ? [c] : undefined;
  }
}
