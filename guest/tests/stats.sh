#!/bin/sh
# debugfs deferred_probe_stats: the camera bridge, loaded before its sensor,
# is listed with its probes, deferrals, time parked and state; devices that
# never deferred are not listed; a deleted device leaves the list.
. /guest/lib.sh

STATS=/sys/kernel/debug/deferred_probe_stats
BRIDGE=/sys/bus/platform/devices/cam-bridge

# stats_of BUS/NAME: "attempts deferrals parked_us state", or nothing;
# "no FILE" when the statistics cannot be read, which no check accepts
stats_of() {
	[ -r $STATS ] || { echo "no $STATS"; return; }
	awk -v d="$1" '$1 == d { print $2, $3, $4, $5 }' $STATS
}
# bridge_attempts_are N: the bridge's probes started so far are N
bridge_attempts_are() { [ "$(stats_of platform/cam-bridge | cut -d' ' -f1)" = "$1" ]; }

bridge_counted() {
	[ -r $STATS ] || { fail "no $STATS"; return 1; }
	load tdp_cam_bridge declare=1 || return 1
	wait_for 30 deferred_has cam-bridge || { fail "bridge did not defer"; return 1; }
	# shellcheck disable=SC2046
	set -- $(stats_of platform/cam-bridge)
	ktap_diag "parked: attempts=$1 deferrals=$2 parked_us=$3 state=$4"
	[ "$1" = 1 ] && [ "$2" = 1 ] || { fail "want 1 attempt, 1 deferral"; return 1; }
	if grep -qw deferred_probe_targeted=0 /proc/cmdline; then
		[ "$4" = pending ] || { fail "state $4, want pending"; return 1; }
	else
		[ "$4" = waiting ] || { fail "state $4, want waiting"; return 1; }
	fi
	usleep 100000
	load tdp_cam_adapter || return 1
	# targeting off, as stock: the adapter's bind retries the bridge once,
	# before the sensor comes
	if ! targeted; then
		wait_for 30 bridge_attempts_are 2 ||
			{ fail "the adapter's bind did not retry the bridge: $(stats_of platform/cam-bridge)"; return 1; }
	fi
	load tdp_cam_sensor || return 1
	wait_for 30 all_bound $BRIDGE || { fail "bridge not bound"; return 1; }
	# shellcheck disable=SC2046
	set -- $(stats_of platform/cam-bridge)
	ktap_diag "bound: attempts=$1 deferrals=$2 parked_us=$3 state=$4"
	[ "$4" = bound ] || { fail "state $4, want bound"; return 1; }
	[ "$2" -eq $(($1 - 1)) ] || { fail "every attempt but the last deferred"; return 1; }
	if targeted; then
		[ "$1" = 2 ] || { fail "want 2 attempts targeted"; return 1; }
	else
		[ "$1" = 3 ] || { fail "want 3 attempts, as stock: at load, at each bind"; return 1; }
	fi
	# parked at least the 100 ms before the adapter was loaded
	[ "$3" -ge 100000 ] || { fail "parked ${3}us, want >= 100000"; return 1; }
}

others_not_listed() {
	for d in platform/cam-i2c i2c/7-0042; do
		[ -z "$(stats_of $d)" ] || { fail "$d listed: it never deferred"; return 1; }
	done
}

deleted_leaves_list() {
	unload tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; return 1; }
	[ -z "$(stats_of platform/cam-bridge)" ] || { fail "deleted bridge still listed"; return 1; }
}

has_series || skip_suite stats bridge_counted others_not_listed deleted_leaves_list
ktap_begin stats 3
ktap_case bridge_counted bridge_counted
ktap_case others_not_listed others_not_listed
ktap_case deleted_leaves_list deleted_leaves_list
ktap_end
