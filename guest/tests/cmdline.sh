#!/bin/sh
# The kernel command line.  Makefile boots the guest with
#   deferred_probe_needs=platform/tdp-soc:leds:bound:i2c/7-0042
#   deferred_probe_needs=
#   deferred_probe_needs=platform/tdp-x:wanted:i2c/1-0001,platform/tdp-0000:00:1f.3:provider:snd-dma0
# and, with targeting on, deferred_probe_targeted=maybe: rules for device
# names with ':' in them (as DT, ACPI and PCI names have), given in more
# than one parameter, and malformed values, each reported once.  The
# devices' driver declares nothing; the rules hold its probe.
. /guest/lib.sh

SOC=tdp-soc:leds
PCI=tdp-0000:00:1f.3

# logged_once TEXT: the kernel log holds TEXT exactly once.
logged_once() {
	n=$(dmesg | grep -cF -- "$1")
	[ "$n" -eq 1 ] || fail "'$1' logged $n times, want 1"
}

malformed_reported_once() {
	logged_once "deferred_probe_needs= is empty: ignored" || return 1
	logged_once "deferred_probe_needs: malformed entry 'platform/tdp-x:wanted:i2c/1-0001' ignored" || return 1
	grep -qw deferred_probe_targeted=maybe /proc/cmdline || return 0
	logged_once "deferred_probe_targeted=maybe is not a boolean: targeting stays on"
}

# held_until NAME NEED SUPPLIER-MODULE...: the device NAME, named in a
# rule, is not probed until the supplier modules are loaded; then it is
# probed once.  With targeting off it binds at once.
held_until() {
	devname=$1 need=$2; shift 2
	dev=/sys/bus/platform/devices/$devname
	load tdp_held_dev name="$devname" || { fail "insmod tdp_held_dev name=$devname"; return 1; }
	ok=0
	if targeted; then
		! is_bound "$dev" || { fail "$devname bound before $need"; ok=1; }
		[ "$(param tdp_held_dev probes)" -eq 0 ] || { fail "probe() ran while held"; ok=1; }
		grep -qF "$devname	$need (waiting, held)" $WAITING ||
			{ fail "devices_waiting: $(grep -F "$devname" $WAITING)"; ok=1; }
		# each supplier but the last leaves it held, unprobed
		n=$#
		for m in "$@"; do
			load "$m" || { fail "insmod $m"; ok=1; }
			n=$((n - 1))
			[ $n -gt 0 ] || break
			usleep 200000
			[ "$(param tdp_held_dev probes)" -eq 0 ] && ! is_bound "$dev" ||
				{ fail "$devname probed or bound after $m alone"; ok=1; }
			grep -qF "$devname	$need (waiting, held)" $WAITING ||
				{ fail "released after $m alone: $(grep -F "$devname" $WAITING)"; ok=1; }
		done
	fi
	wait_for 30 is_bound "$dev" || { fail "$devname not bound"; ok=1; }
	calls=$(param tdp_held_dev probes)
	ktap_diag "$devname: probe() calls $calls"
	[ "$calls" -eq 1 ] || { fail "$devname probed $calls times, want 1"; ok=1; }
	targeted && { unload "$@" || { fail "rmmod $*"; ok=1; }; }
	unload tdp_held_dev || { fail "rmmod tdp_held_dev"; ok=1; }
	return $ok
}

# A device a rule holds, registered with no driver: debugfs lists it as
# waiting, held, before any driver has tried it.  Targeting off, the
# rules hold nothing and nothing is listed.
held_listed_without_driver() {
	load tdp_held_dev name="$SOC" driver=0 || { fail "insmod tdp_held_dev name=$SOC driver=0"; return 1; }
	ok=0
	w=$(grep -F "$SOC	" $WAITING)
	ktap_diag "devices_waiting: ${w:-nothing}"
	if targeted; then
		[ "$w" = "$SOC	bound:i2c/7-0042 (waiting, held)" ] ||
			{ fail "$SOC not listed as held"; ok=1; }
	else
		[ -z "$w" ] || { fail "$SOC listed with targeting off"; ok=1; }
	fi
	unload tdp_held_dev || { fail "rmmod tdp_held_dev"; ok=1; }
	return $ok
}

# The rule's need, "bound:i2c/7-0042", is bound already under the name
# firmware gave the client: the device is not held, probed once.
met_under_firmware_name() {
	dev=/sys/bus/platform/devices/$SOC
	load tdp_cam_adapter firmware_name=1 && load tdp_cam_sensor ||
		{ fail "insmod adapter and sensor"; return 1; }
	ok=0
	load tdp_held_dev name="$SOC" || { fail "insmod tdp_held_dev name=$SOC"; ok=1; }
	wait_for 30 is_bound "$dev" || { fail "$SOC not bound"; ok=1; }
	calls=$(param tdp_held_dev probes)
	ktap_diag "$SOC: probe() calls $calls"
	[ "$calls" -eq 1 ] || { fail "$SOC probed $calls times, want 1"; ok=1; }
	unload tdp_held_dev tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; ok=1; }
	return $ok
}

has_series || skip_suite cmdline malformed_values_reported_once held_listed_without_driver dt_name_held_until_bound pci_name_from_second_parameter need_met_under_firmware_name
ktap_begin cmdline 5
ktap_case malformed_values_reported_once malformed_reported_once
ktap_case held_listed_without_driver held_listed_without_driver
ktap_case dt_name_held_until_bound held_until $SOC bound:i2c/7-0042 tdp_cam_adapter tdp_cam_sensor
ktap_case pci_name_from_second_parameter held_until $PCI provider:snd-dma0 tdp_snd_dma
ktap_case need_met_under_firmware_name met_under_firmware_name
ktap_end
