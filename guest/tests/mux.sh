#!/bin/sh
# An upstream driver converted in the second series (2/0032), run as it
# ships: the I2C multiplexer i2c-mux-reg (drivers/i2c/muxes/i2c-mux-reg.c),
# registered from platform data that names its parent adapter by number,
# 7, before that adapter exists (the tdp_mux module).  The driver looks
# the adapter up with i2c_get_adapter() and defers while it is missing.
# Targeted, the mux waits for present:i2c/i2c-7 and the adapter's
# registration retries it; targeting off, as stock, the bind of the
# camera's adapter device, whose probe registers adapter 7, retries it.
# Either way it is bound after that, with no more probe() calls than
# stock's two.  Then adapter 7 comes from a module's init, with no bind
# (tdp_mux_adapter): targeted, its registration alone binds the mux;
# stock retries it only at the next bind.
. /guest/lib.sh

MUX=/sys/bus/platform/devices/i2c-mux-reg
STATS=/sys/kernel/debug/deferred_probe_stats

# attempts: the mux's probe() calls so far (debugfs statistics)
attempts() { awk '$1 == "platform/i2c-mux-reg" { print $2 }' $STATS; }

mux_defers_without_parent() {
	load tdp_mux || { fail "insmod tdp_mux"; return 1; }
	[ -e $MUX ] || { fail "no $MUX"; return 1; }
	wait_for 30 deferred_has i2c-mux-reg || { fail "not in devices_deferred"; return 1; }
	is_bound $MUX && { fail "bound with no adapter 7"; return 1; }
	ktap_diag "devices_deferred: $(deferred_reason i2c-mux-reg)"
	[ "$(attempts)" = 1 ] || { fail "probe() calls: $(attempts), want 1"; return 1; }
	waits_for i2c-mux-reg present:i2c/i2c-7
}

# The mux's two channels: adapters of their own, children of adapter 7,
# each linked from the mux as channel-N.
channels() {
	set -- $MUX/channel-*
	if [ -e "$1" ]; then echo $#; else echo 0; fi
}

# mux_bound: the mux binds with its second probe() call, its two
# channels registered, and leaves devices_deferred.
mux_bound() {
	wait_for 30 all_bound $MUX || { fail "not bound after adapter 7"; return 1; }
	n=$(attempts)
	ktap_diag "probe() calls: $n; channels: $(channels)"
	[ "$n" -eq 2 ] || { fail "probe() calls: $n, want 2"; return 1; }
	[ "$(channels)" = 2 ] || { fail "channels: $(channels), want 2"; return 1; }
	deferred_lacks i2c-mux-reg || { fail "still in devices_deferred"; return 1; }
}

parent_binds_mux() {
	load tdp_cam_adapter || { fail "insmod tdp_cam_adapter"; return 1; }
	mux_bound
}

mux_unloads() {
	unload tdp_mux tdp_cam_adapter || { fail "rmmod"; return 1; }
	[ -e $MUX ] && { fail "$MUX still present"; return 1; }
	return 0
}

# Adapter 7 registered from module init: nothing binds.  Targeted, the
# registration binds the mux with its second probe().  Targeting off, as
# stock, nothing retries it for 0.5 s; then adapter 7 comes again from
# the camera's adapter device, whose bind retries it.
unbound_parent_binds_mux() {
	load tdp_mux || { fail "insmod tdp_mux"; return 1; }
	wait_for 30 deferred_has i2c-mux-reg || { fail "did not defer"; return 1; }
	load tdp_mux_adapter || { fail "insmod tdp_mux_adapter"; return 1; }
	last=tdp_mux_adapter
	if ! targeted; then
		usleep 500000
		is_bound $MUX && { fail "bound with no bind to retry it"; return 1; }
		[ "$(attempts)" = 1 ] || { fail "probed with no bind"; return 1; }
		unload tdp_mux_adapter || { fail "rmmod tdp_mux_adapter"; return 1; }
		load tdp_cam_adapter || { fail "insmod tdp_cam_adapter"; return 1; }
		last=tdp_cam_adapter
	fi
	mux_bound || return 1
	unload tdp_mux $last || { fail "rmmod"; return 1; }
}

has_series || skip_suite mux mux_defers_without_parent parent_binds_mux mux_unloads \
	unbound_parent_binds_mux
ktap_begin mux 4
ktap_case mux_defers_without_parent mux_defers_without_parent
ktap_case parent_binds_mux parent_binds_mux
ktap_case mux_unloads mux_unloads
ktap_case unbound_parent_binds_mux unbound_parent_binds_mux
ktap_end
