/**
 * A raw HTTP/1.1 client over one `node:net` socket, for what fetch and curl will not do: pipelining,
 * malformed requests, not reading. It parses the answers of the stream in order (Content-Length
 * bodies, or to the close without one; a HEAD answer has none) and notices when the server closes.
 */
import net from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names lower-case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export class RawClient {
  private buffered = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;
  /** Every byte received, in order (for assertions on the raw stream). */
  received = 0;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (c: Buffer) => { this.received += c.length; this.buffered = Buffer.concat([this.buffered, c]); this.wake?.(); });
    const end = (): void => { this.ended = true; this.wake?.(); };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.off('error', reject); resolve(new RawClient(socket)); });
      socket.once('error', reject);
    });
  }

  write(bytes: string | Buffer): void { this.socket.write(bytes); }

  /** True once the server closed (or reset) the connection. */
  get closed(): boolean { return this.ended; }

  /** Bytes received and not yet parsed into answers. */
  get pending(): Buffer { return this.buffered; }

  /** Stops reading: the socket's receive buffer fills and TCP holds the server back. */
  pause(): void { this.socket.pause(); }
  resume(): void { this.socket.resume(); }

  destroy(): void { this.socket.destroy(); }

  /**
   * The next answer; `head` when it answers a HEAD request (no body follows). Null when the
   * connection closed before a whole answer came. Rejects after `hangMs` (a hang detector).
   */
  async next(head = false, hangMs = 15_000): Promise<RawAnswer | null> {
    const deadline = Date.now() + hangMs;
    for (;;) {
      const answer = this.parse(head);
      if (answer !== undefined) return answer;
      if (this.ended) return null;
      if (Date.now() > deadline) throw new Error(`no complete answer within ${hangMs} ms (${this.buffered.length} bytes pending)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
      });
    }
  }

  /** Resolves true once the server has closed the connection, false if it still has not after `hangMs`. */
  async waitClosed(hangMs = 15_000): Promise<boolean> {
    const deadline = Date.now() + hangMs;
    while (!this.ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
      });
    }
    return this.ended;
  }

  /** Everything the server sent, as text, once it closed (or after `hangMs`). */
  async readToClose(hangMs = 15_000): Promise<string> {
    await this.waitClosed(hangMs);
    return this.buffered.toString('latin1');
  }

  private parse(head: boolean): RawAnswer | null | undefined {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const lines = this.buffered.subarray(0, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(lines[0]);
    if (!m) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(lines[0].slice(0, 80))}`);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    // Without a Content-Length (uWS's own error pages) the body runs to the close.
    if (!head && headers['content-length'] === undefined && !this.ended) return undefined;
    const length = head ? 0 : Number(headers['content-length'] ?? this.buffered.length - end - 4);
    if (this.buffered.length < end + 4 + length) return undefined;
    const body = Buffer.from(this.buffered.subarray(end + 4, end + 4 + length));
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status: Number(m[1]), headers, body };
  }
}
