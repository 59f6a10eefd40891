#!/usr/bin/env bash
# Usage: lab-wait.sh [N] [timeoutS]   (defaults: 4 nodes, 60 s)
# Waits until every node's snmpd answers on its management address and every node lists its 2 LLDP neighbours
# (lldpRemSysName, 1.0.8802.1.1.2.1.4.1.1.9) over SNMP from the root namespace. Exits 0 when all are there,
# 1 with the last state of each node when the time is up.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lab-lib.sh"

N=${1:-4}
timeout_s=${2:-60}
lab_check_size "$N"
case "$timeout_s" in ''|*[!0-9]*) lab_die "timeout must be whole seconds, got '$timeout_s'";; esac

LLDP_REM_SYSNAME=1.0.8802.1.1.2.1.4.1.1.9
deadline=$((SECONDS + timeout_s))
declare -A state
while :; do
  pending=0
  for k in $(seq 1 "$N"); do
    [ "${state[$k]:-}" = ok ] && continue
    addr=$(lab_mgmt_addr "$k")
    # Send nothing unless the lab's own route carries it: without the bridge, 203.0.113.k would go to the
    # host's default gateway.
    if ! ip link show "$LAB_BRIDGE" >/dev/null 2>&1 || [ ! -e "/run/netns/$(lab_node "$k")" ]; then
      state[$k]="not up (no bridge $LAB_BRIDGE or namespace $(lab_node "$k"))"; pending=1; continue
    fi
    if ! snmpget -v2c -c public -t 1 -r 0 -Oqv "$addr" 1.3.6.1.2.1.1.5.0 >/dev/null 2>&1; then
      state[$k]="snmpd at $addr does not answer"; pending=1; continue
    fi
    want=$(printf '%s\n' "$(lab_node "$(lab_prev "$k" "$N")")" "$(lab_node "$(lab_next "$k" "$N")")" | sort | tr '\n' ' ')
    got=$(snmpwalk -v2c -c public -t 1 -r 0 -Oqv "$addr" "$LLDP_REM_SYSNAME" 2>/dev/null | tr -d '"' | grep -v '^No Such' | sort | tr '\n' ' ')
    if [ "$got" = "$want" ]; then
      state[$k]=ok
    else
      state[$k]="LLDP neighbours [${got% }], want [${want% }]"; pending=1
    fi
  done
  [ $pending -eq 0 ] && { lab_log "ready: $N nodes answer SNMP and see their LLDP neighbours"; exit 0; }
  if [ $SECONDS -ge $deadline ]; then
    for k in $(seq 1 "$N"); do lab_log "$(lab_node "$k"): ${state[$k]}"; done
    lab_log "not ready after ${timeout_s}s"
    exit 1
  fi
  sleep 0.5
done
