#!/usr/bin/env bash
# Usage: lab-down.sh [N]   (default: the size lab-up.sh recorded, else 4)
# Stops the daemons lab-up.sh started (by the pid files it wrote, after checking each pid still is that daemon in
# that namespace), then deletes the namespaces nmlab1..nmlabN (and any other nmlab<k> left over), the root ends
# of their management veths and bridge nmlabbr0. Idempotent: safe when nothing, or only part of the lab, is up.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lab-lib.sh"

[ "$(id -u)" = 0 ] || lab_die "must run as root"
recorded=$(cat "$LAB_DIR/size" 2>/dev/null || echo 4)
case "$recorded" in ''|*[!0-9]*) recorded=4;; esac
N=${1:-$recorded}
lab_check_size "$N"
[ "$recorded" -gt "$N" ] && N=$recorded

# The nodes: 1..N plus any nmlab<digits> namespace left by an earlier, larger or crashed lab.
nodes=$(seq 1 "$N")
extra=$(ip netns list 2>/dev/null | awk '{print $1}' | sed -n "s/^${LAB_PREFIX}\([0-9][0-9]*\)\$/\1/p")
nodes=$(printf '%s\n%s\n' "$nodes" "$extra" | grep . | sort -n -u)

# Stop the daemons: SIGTERM to each recorded pid, then wait (bounded), then SIGKILL what is left.
pids=()
for k in $nodes; do
  ns=$(lab_node "$k")
  dir=$(lab_node_dir "$k")
  for d in lldpd snmpd; do
    pid=$(cat "$dir/$d.pid" 2>/dev/null || true)
    if lab_pid_is "$pid" "$d" "$ns"; then
      kill -TERM "$pid" 2>/dev/null && pids+=("$pid:$d:$ns")
    fi
  done
done
deadline=$((SECONDS + 5))
for entry in "${pids[@]}"; do
  IFS=: read -r pid d ns <<<"$entry"
  while lab_pid_is "$pid" "$d" "$ns" && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
  if lab_pid_is "$pid" "$d" "$ns"; then
    lab_log "$d ($pid) in $ns ignored SIGTERM, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
done

# Delete what lab-up.sh made, by name. Removing a namespace removes the veths inside it and so their root ends;
# the explicit deletes below cover links left by a lab-up that failed half-way.
for k in $nodes; do
  ns=$(lab_node "$k")
  if [ -e "/run/netns/$ns" ]; then
    left=$(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')
    [ -z "$left" ] || lab_log "warning: processes still in $ns after stopping its daemons: $left"
    ip netns del "$ns" 2>/dev/null || lab_log "warning: could not delete namespace $ns"
  fi
  port=$(lab_mgmt_port "$k")
  ip link show "$port" >/dev/null 2>&1 && ip link del "$port" 2>/dev/null
  rm -rf "$(lab_node_dir "$k")"
done
ip link show "$LAB_BRIDGE" >/dev/null 2>&1 && ip link del "$LAB_BRIDGE"
rm -f "$LAB_DIR/size"
rmdir "$LAB_DIR" 2>/dev/null || true
lab_log "down"
exit 0
