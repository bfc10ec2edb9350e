#!/bin/sh
# trace-cmd records the deferred_probe events while the camera comes up,
# bridge first (declaring its need), then the adapter, then the sensor.
# Targeted, the bridge's story is: need recorded, parked waiting, need met
# by the sensor's bind, woken, retried once.  With deferred_probe_targeted=0
# no need is recorded and the bridge parks on the stock pending list.
. /guest/lib.sh

DAT=/tmp/camera.dat
REPORT=/tmp/camera.report
BRIDGE=/sys/bus/platform/devices/cam-bridge

# The bridge's events, one per line: "EVENT ARGS" without "dev=cam-bridge".
bridge_story() {
	sed -n 's/.* deferred_probe_\([a-z_]*\): *dev=cam-bridge *\(.*\)$/\1 \2/p' $REPORT
}

record_camera() {
	command -v trace-cmd >/dev/null || { fail "no trace-cmd in the guest"; return 1; }
	trace-cmd reset >/dev/null 2>&1
	trace-cmd start -e deferred_probe >/dev/null || { fail "trace-cmd start"; return 1; }
	load tdp_cam_bridge declare=1 && load tdp_cam_adapter && load tdp_cam_sensor ||
		{ fail "insmod"; return 1; }
	wait_for 10 all_bound $BRIDGE || fail "cam-bridge not bound"
	ok=$?
	trace-cmd stop >/dev/null
	trace-cmd extract -o $DAT >/dev/null 2>&1 || { fail "trace-cmd extract"; ok=1; }
	trace-cmd reset >/dev/null 2>&1
	unload tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; ok=1; }
	trace-cmd report -i $DAT > $REPORT 2>/dev/null || { fail "trace-cmd report"; ok=1; }
	lines=$(grep -c 'deferred_probe_' $REPORT)
	ktap_diag "trace-cmd report: $lines deferred_probe events"
	grep 'deferred_probe_' $REPORT | head -20 | while read -r line; do
		ktap_diag "$line"
	done
	[ "$lines" -gt 0 ] || { fail "no deferred_probe event recorded"; ok=1; }
	return $ok
}

targeted_story() {
	story=$(bridge_story | tr '\n' ';')
	ktap_diag "cam-bridge: $story"
	want="need_recorded need=bound:i2c/7-0042;parked how=waiting;"
	want="${want}need_met need=bound:i2c/7-0042;woken ;retry ;"
	[ "$story" = "$want" ] || { fail "want $want"; return 1; }
}

stock_story() {
	story=$(bridge_story | tr '\n' ';')
	ktap_diag "cam-bridge: $story"
	case $story in
	*need_recorded*|*waiting*|*woken*) fail "targeted events with targeting off"; return 1 ;;
	"parked how=pending;"*retry*) ;;
	*) fail "want parked how=pending, then retries"; return 1 ;;
	esac
}

has_series || skip_suite trace record_camera targeted_story
ktap_begin trace 2
ktap_case record_camera record_camera
if grep -qw deferred_probe_targeted=0 /proc/cmdline; then
	ktap_case stock_story stock_story
else
	ktap_case targeted_story targeted_story
fi
ktap_end
