#!/bin/sh
# The wait graph (debugfs deferred_probe_graph): Graphviz DOT naming every
# parked device, a waiter with one edge per unmet need.  The camera bridge
# declares its need for the sensor; with deferred_probe_targeted=0 it is
# parked the stock way, with no edge.
. /guest/lib.sh

G=/sys/kernel/debug/deferred_probe_graph
BRIDGE=/sys/bus/platform/devices/cam-bridge
NODE='"platform/cam-bridge"'

graph_while_waiting() {
	load tdp_cam_bridge declare=1 || return 1
	wait_for 30 deferred_has cam-bridge || { fail "cam-bridge not parked"; return 1; }
	g=$(cat $G)
	echo "$g" | grep -F "$NODE" | while read -r line; do ktap_diag "$line"; done
	[ "$(echo "$g" | head -1)" = "digraph deferred_probe {" ] || { fail "not DOT: $(echo "$g" | head -1)"; return 1; }
	[ "$(echo "$g" | tail -1)" = "}" ] || { fail "DOT not closed"; return 1; }
	if grep -qw deferred_probe_targeted=0 /proc/cmdline; then
		echo "$g" | grep -qF "$NODE [fillcolor=grey" || { fail "no grey (pending) node"; return 1; }
		! echo "$g" | grep -qF "$NODE ->" || { fail "an edge without targeting"; return 1; }
	else
		echo "$g" | grep -qF "$NODE [fillcolor=orange" || { fail "no orange (waiting) node"; return 1; }
		echo "$g" | grep -F "$NODE ->" | grep -q 'label="bound"' || { fail "no bound edge"; return 1; }
	fi
}

graph_after_bind() {
	load tdp_cam_adapter && load tdp_cam_sensor || return 1
	wait_for 10 is_bound $BRIDGE || { fail "bridge not bound"; return 1; }
	! grep -qF "$NODE" $G || { fail "bound bridge still in the graph"; return 1; }
	unload tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; return 1; }
}

ktap_begin graph 2
if [ -e $G ]; then
	ktap_case graph_while_waiting graph_while_waiting
	ktap_case graph_after_bind graph_after_bind
else
	skip_case graph_while_waiting
	skip_case graph_after_bind
fi
ktap_end
