/**
 * The cap on open HTTP connections (config `server.maxConnections`), as the transport can keep it.
 *
 * uWebSockets.js (api/http/uws.ts) tells JavaScript nothing about a connection until a request
 * arrives on it, and nothing when an idle keep-alive connection closes: there is no accept hook
 * to refuse at, and no per-connection identity. So the cap counts the connections that have a
 * request open — from the moment the request arrives until its answer is completely written or
 * the client went away (a request whose body is still coming, whose handler is still working, or
 * whose answer the client is not reading). A request that arrives while `max` are open is answered
 * `503 SERVER_BUSY` with `Connection: close` and its connection closed, and counted in `refused`.
 * Idle keep-alive connections are not counted (uWS closes them after 10 s idle); one that sends a
 * request while the server is below the cap is served as usual, the loopback admin included.
 */
export class ConnectionCap {
  private openNow = 0;
  private refusedTotal = 0;
  private peak = 0;

  constructor(readonly max: number) {}

  /**
   * A request arrived: true when `max` connections have a request open (the caller refuses it;
   * counted in `refused`). A request answered within the transport's callback holds no place.
   */
  full(): boolean {
    if (this.openNow < this.max) return false;
    this.refusedTotal++;
    return true;
  }

  /**
   * Holds a place for a request that lives on past the transport's callback (a body to read, an
   * async handler, an answer the client has not taken yet): returns the release (idempotent), to
   * call once its answer is complete or the client went away.
   */
  hold(): () => void {
    this.openNow++;
    if (this.openNow > this.peak) this.peak = this.openNow;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.openNow--;
    };
  }

  /** Open now (with a request in progress), the cap, refused since start, and the most open at once. */
  stats(): ConnectionStats {
    return { open: this.openNow, max: this.max, refused: this.refusedTotal, peak: this.peak };
  }
}

export interface ConnectionStats {
  /** Connections with a request in progress. */
  readonly open: number;
  /** `server.maxConnections`. */
  readonly max: number;
  /** Requests refused (503, connection closed) because `max` were open, since start. */
  readonly refused: number;
  /** The most open at once since start. */
  readonly peak: number;
}
