/**
 * The gate in front of a net-snmp session's socket (given to net-snmp as its `dgramModule` option).
 *
 * net-snmp ends a request at the first datagram carrying its id, whatever it holds and whoever sent it
 * (Session.onMsg unregisters the request before any check; a wrong community, a wrong varbind count
 * or a failed SNMPv3 authentication then fails the request, and the real answer, arriving later, is
 * ignored). Its request ids are Math.random() draws below 10^8. So a forged answer with a guessed id
 * would end a poll or a discovery probe. This gate hands net-snmp only:
 *
 * - datagrams from the session's target address and port (others are counted as `wrongSender`);
 * - for the v1/v2c requests it saw go out (GET, GETNEXT, GETBULK: their OIDs are parsed from the
 *   bytes sent), only answers that fit their request by the rules of workers/v2c/wire.ts
 *   checkAnswer; one that does not is dropped and counted (`rejected`), and net-snmp goes on waiting
 *   for the real answer within its timeout and retries.
 *
 * SNMPv3 messages pass on to net-snmp once the sender matches: their request ids are in the message
 * header and their PDU may be encrypted; an authenticated session drops nothing forged but fails it
 * (see above), an unauthenticated one (noAuthNoPriv) is as open as v2c without this gate.
 */
import { createSocket, type Socket, type SocketType } from 'node:dgram';
import { checkAnswer, decodeFailureText, parseRequest, peekRequestId, type RequestView } from '../v2c/wire.js';

export interface AnswerGuardStats {
  /** Answers from the target carrying a waiting request's id that did not fit the request: dropped. */
  rejected: number;
  /** Why the latest of them did not fit ('' before any). */
  why: string;
  /** Datagrams from another address or port than the target's: dropped. */
  wrongSender: number;
}

/** Requests remembered per session (net-snmp has a few in flight per target; older ones are forgotten). */
const MAX_REMEMBERED = 64;

type Listener = (msg: Buffer, rinfo: { address: string; port: number }) => void;

/** A dgram module whose sockets accept only answers from `target` that fit their requests. */
export function answerGuard(target: { readonly address: string; readonly port: number }, stats: AnswerGuardStats): { createSocket(type: SocketType): Socket } {
  const sent = new Map<number, RequestView>();
  const accept = (msg: Buffer, rinfo: { address: string; port: number }): boolean => {
    if (rinfo.address !== target.address || rinfo.port !== target.port) { stats.wrongSender++; return false; }
    const id = peekRequestId(msg);
    const req = id < 0 ? undefined : sent.get(id);
    if (!req) return true; // SNMPv3, or an id net-snmp does not wait for (it ignores those)
    const status = checkAnswer(msg, req);
    if (status < 0) { stats.rejected++; stats.why = decodeFailureText(status); return false; }
    sent.delete(id);
    return true;
  };
  const remember = (buf: unknown): void => {
    if (!(buf instanceof Uint8Array)) return;
    const id = peekRequestId(buf);
    if (id < 0) return;
    const req = parseRequest(Uint8Array.from(buf));
    if (!req) return;
    sent.delete(id);
    sent.set(id, req);
    if (sent.size > MAX_REMEMBERED) sent.delete(sent.keys().next().value as number);
  };
  return {
    createSocket(type: SocketType): Socket {
      const s = createSocket(type);
      const on = s.on.bind(s);
      s.on = ((event: string, fn: (...args: any[]) => void) => {
        if (event !== 'message') return on(event, fn);
        const inner = fn as Listener;
        return on('message', (msg: Buffer, rinfo: { address: string; port: number }) => { if (accept(msg, rinfo)) inner(msg, rinfo); });
      }) as Socket['on'];
      const send = s.send.bind(s) as (...args: unknown[]) => void;
      s.send = ((...args: unknown[]) => { remember(args[0]); send(...args); }) as Socket['send'];
      return s;
    },
  };
}
