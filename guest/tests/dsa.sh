#!/bin/sh
# An upstream driver converted in the second series (2/0024), run as it
# ships: the DSA loop mock-up switch (drivers/net/dsa/dsa_loop.c), which
# its board file registers at boot on the fixed PHY's MDIO bus, looks its
# conduit network device "eth0" up by name and defers until it exists.
# A network device is a class device: registering it binds nothing, so
# stock retries the switch only at the next bind anywhere.  Targeted, the
# switch waits for present:net/eth0, and the registration of a dummy
# network device of that name retries it.
. /guest/lib.sh

SWITCH=/sys/bus/mdio_bus/devices/fixed-0:1f
STATS=/sys/kernel/debug/deferred_probe_stats

# attempts: the switch's probe() calls so far (debugfs statistics)
attempts() { awk '$1 == "mdio_bus/fixed-0:1f" { print $2 }' $STATS; }

switch_defers_at_boot() {
	[ -e $SWITCH ] || { fail "no $SWITCH"; return 1; }
	is_bound $SWITCH && { fail "bound with no eth0"; return 1; }
	deferred_has fixed-0:1f || { fail "not in devices_deferred"; return 1; }
	ktap_diag "devices_deferred: $(deferred_reason fixed-0:1f)"
	waits_for fixed-0:1f present:net/eth0
}

# switch_bound_after MAX BEFORE WHAT: WHAT brought eth0 when the switch
# had made BEFORE probe() calls.  Targeted, that alone binds it, with at
# most MAX more.  Targeting off, as stock: nothing retries it for 0.5 s,
# then a bind (the camera's I2C adapter, loaded for that) retries it once.
switch_bound_after() {
	max=$1 before=$2 what=$3
	if targeted; then
		wait_for 30 all_bound $SWITCH || {
			ktap_diag "stats: $(grep fixed-0 $STATS)"
			ktap_diag "waiting: $(grep fixed-0 $WAITING)"
			fail "not bound after $what"; return 1; }
	else
		max=1
		usleep 500000
		is_bound $SWITCH && { fail "bound with no bind to retry it"; return 1; }
		[ "$(attempts)" = "$before" ] || { fail "probed with no bind"; return 1; }
		load tdp_cam_adapter || { fail "insmod"; return 1; }
		wait_for 30 all_bound $SWITCH || { fail "not bound after a bind"; return 1; }
		unload tdp_cam_adapter || { fail "rmmod"; return 1; }
	fi
	after=$(attempts)
	ktap_diag "probe() calls: $before before $what, $after bound"
	[ "$after" -gt "$before" ] && [ "$after" -le $((before + max)) ] ||
		{ fail "want at most $max more probe() calls"; return 1; }
}

# The registration of eth0.  register_netdevice() adds the class device
# before it lists the name dev_get_by_name() finds: a retry in between
# finds its need met and is retried at once, a second probe().
conduit_binds_switch() {
	[ -r $STATS ] || { fail "no $STATS"; return 1; }
	before=$(attempts)
	ip link add name eth0 type dummy || { fail "ip link add eth0"; return 1; }
	switch_bound_after 2 "$before" eth0
}

# user_ports: the switch's user ports are network devices.
user_ports() {
	for p in lan1 lan2 lan3 lan4; do
		[ -e /sys/class/net/$p ] || { fail "no $p"; return 1; }
	done
}

# The retried probe did the driver's whole job.
switch_ports_registered() {
	user_ports || return 1
	deferred_lacks fixed-0:1f || { fail "still in devices_deferred"; return 1; }
}

# The conduit takes its name by a rename.  The switch is unbound (which
# drops its reference to eth0), eth0 deleted and the switch probed again:
# it defers.  Then a dummy "d0" is renamed eth0.  The class device's
# rename event comes a grace period before dev_change_name() lists the
# name that dev_get_by_name() finds.  Targeted: the retry the event starts
# fails, so does the one at once after it, the need is kept as a hint, and
# the listing's own event (2/0023) retries the switch: at most 3 probe()
# calls.  Targeting off, as stock: nothing retries it until a bind.
renamed_conduit_binds_switch() {
	echo fixed-0:1f > /sys/bus/mdio_bus/drivers/dsa-loop/unbind ||
		{ fail "unbind the switch"; return 1; }
	ip link del eth0 || { fail "ip link del eth0"; return 1; }
	echo fixed-0:1f > /sys/bus/mdio_bus/drivers_probe 2>/dev/null
	wait_for 30 deferred_has fixed-0:1f || { fail "did not defer again"; return 1; }
	before=$(attempts)
	ip link add name d0 type dummy || { fail "ip link add d0"; return 1; }
	usleep 200000
	[ "$(attempts)" = "$before" ] || { fail "probed for d0"; return 1; }
	ip link set d0 name eth0 || { fail "ip link set d0 name eth0"; return 1; }
	switch_bound_after 3 "$before" "the rename" || return 1
	user_ports
}

has_series || skip_suite dsa switch_defers_at_boot conduit_binds_switch switch_ports_registered \
	renamed_conduit_binds_switch
ktap_begin dsa 4
ktap_case switch_defers_at_boot switch_defers_at_boot
ktap_case conduit_binds_switch conduit_binds_switch
ktap_case switch_ports_registered switch_ports_registered
ktap_case renamed_conduit_binds_switch renamed_conduit_binds_switch
ktap_end
