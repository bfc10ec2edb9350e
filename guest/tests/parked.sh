#!/bin/sh
# Devices parked on the deferred list: a need that never appears, a device
# deleted while parked, a driver module unloaded while its device is parked.
. /guest/lib.sh

NEVER=never.0

# never_probed_since N: never_drv's probe() ran more than N times.
never_probed_since() { [ "$(param tdp_never_drv probes)" -gt "$1" ]; }

never_stays_listed() {
	load tdp_never_drv && load tdp_never_dev || return 1
	wait_for 30 deferred_has $NEVER || { fail "$NEVER not in devices_deferred"; return 1; }
	reason=$(deferred_reason $NEVER)
	ktap_diag "devices_deferred: $NEVER	$reason"
	case $reason in
	*"supplier never-supplier not present"*) ;;
	*) fail "reason missing: '$reason'"; return 1 ;;
	esac
	# Unrelated binds come and go; the parked device stays parked, and,
	# having said nothing of what it waits for, is retried by them as
	# stock retries it.
	p0=$(param tdp_never_drv probes)
	load tdp_cam_adapter && load tdp_cam_sensor || return 1
	wait_for 30 all_bound /sys/bus/i2c/devices/7-0042 || { fail "sensor"; return 1; }
	unload tdp_cam_sensor tdp_cam_adapter || return 1
	wait_for 30 deferred_has $NEVER || { fail "$NEVER left the list"; return 1; }
	! is_bound /sys/bus/platform/devices/$NEVER || { fail "bound?"; return 1; }
	wait_for 30 never_probed_since "$p0" ||
		{ fail "the binds did not retry it (stock does): $p0 probes before, $(param tdp_never_drv probes) after"; return 1; }
}

deleted_while_deferred() {
	deferred_has $NEVER || { fail "precondition: $NEVER not parked"; return 1; }
	unload tdp_never_dev || return 1
	[ ! -e /sys/bus/platform/devices/$NEVER ] || { fail "device still registered"; return 1; }
	deferred_lacks $NEVER || { fail "$NEVER still in devices_deferred"; return 1; }
}

driver_unloaded_while_parked() {
	load tdp_never_dev || return 1
	wait_for 30 deferred_has $NEVER || { fail "$NEVER not parked"; return 1; }
	unload tdp_never_drv || { fail "rmmod tdp_never_drv"; return 1; }
	[ -e /sys/bus/platform/devices/$NEVER ] || { fail "device vanished"; return 1; }
	# A bind elsewhere retries the parked device, which now has no driver.
	load tdp_cam_adapter && unload tdp_cam_adapter || return 1
	wait_for 30 deferred_lacks $NEVER || { fail "$NEVER still parked without a driver"; return 1; }
	unload tdp_never_dev || return 1
	deferred_lacks $NEVER || { fail "$NEVER listed after deletion"; return 1; }
}

ktap_begin parked 3
ktap_case never_met_stays_listed never_stays_listed
ktap_case deleted_while_deferred deleted_while_deferred
ktap_case driver_unloaded_while_parked driver_unloaded_while_parked
ktap_end
