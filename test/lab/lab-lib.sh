# Shared names and addresses of the network-namespace lab; sourced by lab-up.sh, lab-wait.sh, lab-down.sh.
# Everything the lab creates carries the prefix "nmlab" so that lab-down.sh removes only what lab-up.sh made.
#
# Address plan (documentation ranges, RFC 5737):
#   management: bridge nmlabbr0 in the root namespace = 203.0.113.254/24, node k = 203.0.113.k/24 on its mgmt0
#               (TEST-NET-3; TEST-NET-1 192.0.2.0/24 is not used because hosts running these tests may already
#               have it on their uplink, and a second connected route for it would break them).
#   ring:       link k joins node k (ring0) to node k+1 (ring1), node N (ring0) to node 1 (ring1);
#               link k is the /30 198.51.100.(4(k-1))/30: ring0 side .4(k-1)+1, ring1 side .4(k-1)+2 (TEST-NET-2).
# The TypeScript description of the same plan is labNodes() in lab.ts; keep the two in step.

LAB_PREFIX=nmlab
LAB_DIR=${LAB_DIR:-/run/nmlab}
LAB_BRIDGE=${LAB_PREFIX}br0
LAB_MGMT_NET=203.0.113
LAB_MGMT_GW=${LAB_MGMT_NET}.254
LAB_RING_NET=198.51.100
LAB_MAX_NODES=63 # 64 /30s fit in the ring /24; the node count must leave room for them

lab_node() { echo "${LAB_PREFIX}$1"; }
lab_mgmt_addr() { echo "${LAB_MGMT_NET}.$1"; }
# Root-namespace end of node k's management veth (enslaved to the bridge).
lab_mgmt_port() { echo "${LAB_PREFIX}m$1"; }
lab_next() { echo $(( $1 % $2 + 1 )); }
lab_prev() { echo $(( ($1 + $2 - 2) % $2 + 1 )); }
# Address of node k's ring0 (link k, first host) and ring1 (link prev(k), second host).
lab_ring0_addr() { echo "${LAB_RING_NET}.$(( 4 * ($1 - 1) + 1 ))"; }
lab_ring1_addr() { local p; p=$(lab_prev "$1" "$2"); echo "${LAB_RING_NET}.$(( 4 * (p - 1) + 2 ))"; }
lab_node_dir() { echo "${LAB_DIR}/$(lab_node "$1")"; }

lab_log() { echo "[lab] $*" >&2; }
lab_die() { echo "[lab] error: $*" >&2; exit 1; }

lab_check_size() {
  case "$1" in ''|*[!0-9]*) lab_die "node count must be a number, got '$1'";; esac
  [ "$1" -ge 2 ] && [ "$1" -le "$LAB_MAX_NODES" ] || lab_die "node count must be 2..$LAB_MAX_NODES, got $1"
}

lab_require_tools() {
  [ "$(id -u)" = 0 ] || lab_die "must run as root (network namespaces)"
  local c
  for c in ip snmpd lldpd lldpcli snmpget snmpwalk; do
    command -v "$c" >/dev/null 2>&1 || lab_die "missing command: $c"
  done
}

# True when pid $1 is a live process (not a zombie) named $2 (its /proc comm) inside network namespace $3.
# Guards against pid reuse: a pid file is trusted only while its process is still the daemon we started there
# (lldpd rewrites its command line, so the namespace and the name are what identify it).
lab_pid_is() {
  local pid=$1 comm=$2 ns=$3 state nsino
  case "$pid" in ''|*[!0-9]*) return 1;; esac
  [ -r "/proc/$pid/stat" ] || return 1
  state=$(sed -e 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
  [ -n "$state" ] && [ "$state" != Z ] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$comm" ] || return 1
  nsino=$(stat -L -c %i "/run/netns/$ns" 2>/dev/null) || return 1
  [ "$(readlink "/proc/$pid/ns/net" 2>/dev/null)" = "net:[$nsino]" ]
}
