import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import type { DeviceDataFull, LinkSummaryPeer, Neighbor } from './api-types.js';
import { href } from './route.js';

/**
 * The device panel's Neighbours tab: the LLDP/CDP entries the device reported (the full device
 * data's `neighbors`), one row each, the local port linking to its port page; where discovery
 * resolved the entry to a link with a device of this network (the legacy link summary's `peer`,
 * asked once per local port, at most MAX_PORTS ports), the remote system and port link to that
 * device's panel and port page.
 */

/** The most local ports whose link is asked for (a chassis with hundreds of LLDP ports stays bounded). */
const MAX_PORTS = 64;

type Peer = LinkSummaryPeer['peer'];

export function NeighboursTab(props: { devId: number }) {
  const { devId } = props;
  const [data, setData] = useState<{ entries: Neighbor[]; ports: Map<number, string>; peers: Map<number, Peer> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setData(null); setError(null);
    (async () => {
      const full = await get<DeviceDataFull>(`/v2/ui/net/${state.netId}/data/device/${devId}?format=full&category=Status`);
      const entries = full.device.neighbors ?? [];
      const ports = new Map<number, string>();
      for (const i of full.device.interfaces ?? []) if (i.index !== undefined) ports.set(i.index, i.name ?? String(i.index));
      const local = [...new Set(entries.map((n) => n.localIfIndex).filter((x): x is number => typeof x === 'number' && x >= 1))].slice(0, MAX_PORTS);
      const peers = new Map<number, Peer>();
      await Promise.all(local.map((ifIndex) => get<LinkSummaryPeer>(`/api/monitor/networks/${state.netId}/nodes/${devId}/interfaces/${ifIndex}/linkSummary`)
        .then((s) => { peers.set(ifIndex, s.peer); }, () => undefined)));
      if (live) setData({ entries, ports, peers });
    })().catch((e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [devId]);

  if (error !== null) return html`<p class="error" role="alert">${error}</p>`;
  if (data === null) return html`<p class="loading">Loading neighbours…</p>`;
  if (data.entries.length === 0) return html`<p class="empty no-neighbours">This device reports no LLDP or CDP neighbours.</p>`;
  return html`
    <table class="grid neighbours">
      <thead><tr><th>Local port</th><th>Protocol</th><th>Remote system</th><th>Remote port</th><th>Chassis</th><th>Management</th></tr></thead>
      <tbody>${data.entries.map((n, k) => {
        const li = n.localIfIndex ?? 0;
        const peer = data.peers.get(li) ?? null;
        return html`
          <tr key=${k} data-ifindex=${li} data-peer=${peer ? `${peer.deviceId}:${peer.ifIndex}` : ''}>
            <td>${li >= 1 ? html`<a class="local" href=${href('port', devId, li)}>${data.ports.get(li) ?? n.localPort ?? li}</a>` : n.localPort ?? ''}</td>
            <td>${(n.protocol ?? '').toUpperCase()}</td>
            <td>${peer ? html`<a class="remote-device" href=${href('device', peer.deviceId)}>${n.remoteSysName || `device ${peer.deviceId}`}</a>` : n.remoteSysName ?? ''}</td>
            <td>${peer ? html`<a class="remote-port" href=${href('port', peer.deviceId, peer.ifIndex)}>${peer.ifName || n.remotePortId}</a>` : n.remotePortId ?? ''}
              ${n.remotePortDescr && n.remotePortDescr !== (peer?.ifName ?? n.remotePortId) ? html` <span class="muted">${n.remotePortDescr}</span>` : ''}</td>
            <td class="muted">${n.remoteChassisId ?? ''}</td>
            <td>${(n.remoteManagementAddresses ?? []).join(', ')}</td>
          </tr>`;
      })}</tbody>
    </table>`;
}
