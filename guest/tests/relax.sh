#!/bin/sh
# tdp: on request
# Holds relax where stock stops waiting.  Makefile boots this suite alone
# with deferred_probe_timeout=0 (no timeout work is ever armed) and
#   deferred_probe_needs=platform/tdp-x:bound:platform/tdp-typo
# a rule whose need never appears.  The device, added by a module after
# initcalls, is probed at once, as stock probes it, and one line says why.
. /guest/lib.sh

DEV=/sys/bus/platform/devices/tdp-x

late_hold_not_held() {
	load tdp_held_dev name=tdp-x || { fail "insmod tdp_held_dev name=tdp-x"; return 1; }
	ok=0
	wait_for 30 is_bound $DEV || { fail "tdp-x not bound"; ok=1; }
	calls=$(param tdp_held_dev probes)
	ktap_diag "tdp-x: probe() calls $calls"
	[ "$calls" -eq 1 ] || { fail "tdp-x probed $calls times, want 1"; ok=1; }
	n=$(dmesg | grep -cF "tdp-x: deferred probe: not held, the deferred probe timeout has passed")
	[ "$n" -eq 1 ] || { fail "'not held' logged $n times, want 1"; ok=1; }
	unload tdp_held_dev || { fail "rmmod tdp_held_dev"; ok=1; }
	return $ok
}

relaxed_at_end_of_initcalls() {
	dmesg | grep -qF "deferred probe: needs held from now on are not held" ||
		fail "no line says that holds are relaxed"
}

has_series || skip_suite relax relaxed_at_end_of_initcalls late_hold_not_held
ktap_begin relax 2
ktap_case relaxed_at_end_of_initcalls relaxed_at_end_of_initcalls
ktap_case late_hold_not_held late_hold_not_held
ktap_end
