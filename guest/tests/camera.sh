#!/bin/sh
# The camera: bridge, sensor and I2C adapter modules loaded in all six
# orders; every order must end with all three devices bound.  Then the same
# with the bridge declaring its need (the client at 0x42 on adapter 7): it
# is probed once if the sensor is already bound when it loads, else exactly
# twice, also when firmware gave the client a name of its own.
. /guest/lib.sh

ADAPTER=/sys/bus/platform/devices/cam-i2c
SENSOR=/sys/bus/i2c/devices/7-0042
BRIDGE=/sys/bus/platform/devices/cam-bridge
ORDERS="tdp_cam_bridge,tdp_cam_sensor,tdp_cam_adapter tdp_cam_bridge,tdp_cam_adapter,tdp_cam_sensor
tdp_cam_sensor,tdp_cam_bridge,tdp_cam_adapter tdp_cam_sensor,tdp_cam_adapter,tdp_cam_bridge
tdp_cam_adapter,tdp_cam_bridge,tdp_cam_sensor tdp_cam_adapter,tdp_cam_sensor,tdp_cam_bridge"

# camera_order DECLARE MODULE...  (DECLARE=fw: declare, and the adapter
# names the sensor client as firmware would)
camera_order() {
	declare=$1; shift
	SENSOR=/sys/bus/i2c/devices/7-0042
	[ "$declare" = fw ] && SENSOR=/sys/bus/i2c/devices/i2c-CAMS0042:00
	for m in "$@"; do
		args=
		[ "$m" = tdp_cam_bridge ] && [ "$declare" != 0 ] && args=declare=1
		[ "$m" = tdp_cam_adapter ] && [ "$declare" = fw ] && args=firmware_name=1
		# shellcheck disable=SC2086
		load "$m" $args || { fail "insmod $m"; return 1; }
	done
	ok=0
	wait_for 10 all_bound $ADAPTER $SENSOR $BRIDGE || ok=1
	calls=$(param tdp_cam_bridge probes)
	ktap_diag "order $*: probe() calls adapter=$(param tdp_cam_adapter probes)" \
		"sensor=$(param tdp_cam_sensor probes) bridge=$calls"
	for d in $ADAPTER $SENSOR $BRIDGE; do
		is_bound $d || { fail "$(basename $d) not bound"; ok=1; }
	done
	if [ "$declare" != 0 ] && targeted; then
		want=2
		[ "$3" = tdp_cam_bridge ] && want=1
		[ "$calls" -eq $want ] || { fail "bridge probed $calls times, want $want"; ok=1; }
	fi
	deferred_has cam-bridge && { fail "cam-bridge still deferred"; ok=1; }
	unload tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; ok=1; }
	for d in $ADAPTER $SENSOR $BRIDGE; do
		[ -e $d ] && { fail "$d still present after rmmod"; ok=1; }
	done
	return $ok
}

case_name() { echo "$1" | sed 's/tdp_cam_//g; s/,/_/g'; }

ktap_begin camera 15
for order in $ORDERS; do
	# shellcheck disable=SC2046
	ktap_case "$(case_name $order)" camera_order 0 $(echo $order | tr , ' ')
done
for order in $ORDERS; do
	if has_series; then
		# shellcheck disable=SC2046
		ktap_case "declared_$(case_name $order)" camera_order 1 $(echo $order | tr , ' ')
	else
		skip_case "declared_$(case_name $order)"
	fi
done
# The sensor named by firmware, the bridge waiting by adapter and address.
if has_series; then
	ktap_case declared_firmware_named_sensor_worst_order \
		camera_order fw tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter
else
	skip_case declared_firmware_named_sensor_worst_order
fi
# The client bound between the bridge's look-up and the record of its need
# (the window i2c_probe_defer_until_client() closes by recording first):
# the record finds it bound, by adapter and address under its firmware
# name, and the bridge is retried at once.  With targeting off nothing
# would retry it, as in stock: targeted boots only.
client_bound_before_record() {
	load tdp_cam_adapter firmware_name=1 && load tdp_cam_sensor || return 1
	wait_for 10 all_bound /sys/bus/i2c/devices/i2c-CAMS0042:00 || { fail "sensor"; return 1; }
	load tdp_cam_bridge declare=1 stale=1 || return 1
	ok=0
	wait_for 10 all_bound $BRIDGE || { fail "bridge not bound"; ok=1; }
	calls=$(param tdp_cam_bridge probes)
	ktap_diag "bridge probe() calls: $calls"
	[ "$calls" = 2 ] || { fail "bridge probed $calls times, want 2"; ok=1; }
	unload tdp_cam_bridge tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; ok=1; }
	return $ok
}
# An unmodified driver: the lens gets its power-down line from the
# sensor's GPIO expander, described by software nodes, and returns the
# getter's -EPROBE_DEFER.  The GPIO lookup names the expander's node: with
# targeting that is a hint (devices_waiting shows it), which the chip's
# registration answers with a retry; binds still retry the lens as stock
# does, so it is probed at most the three times stock probes it (once,
# again after the adapter's bind, again for the chip).  Bound either way.
LENS=/sys/bus/platform/devices/cam-lens
unmodified_lens() {
	load tdp_cam_lens || return 1
	ok=0
	wait_for 30 deferred_has cam-lens || { fail "lens did not defer"; ok=1; }
	load tdp_cam_adapter || { fail "insmod"; return 1; }
	wait_for 30 all_bound /sys/bus/platform/devices/cam-i2c || { fail "adapter"; ok=1; }
	if targeted; then
		w=$(grep '^cam-lens' $WAITING)
		ktap_diag "devices_waiting, adapter bound: ${w:-nothing}"
		case $w in
		*"fwnode:"*"(waiting)"*) ;;
		*) fail "the lens does not wait for the expander's node"; ok=1 ;;
		esac
	fi
	load tdp_cam_sensor gpio=1 || { fail "insmod"; return 1; }
	wait_for 10 all_bound $LENS /sys/bus/i2c/devices/7-0042 || { fail "lens not bound"; ok=1; }
	calls=$(param tdp_cam_lens probes)
	ktap_diag "lens probe() calls: $calls"
	[ "$calls" -le 3 ] || { fail "lens probed $calls times, want at most 3"; ok=1; }
	unload tdp_cam_lens tdp_cam_sensor tdp_cam_adapter || { fail "rmmod"; ok=1; }
	return $ok
}
ktap_case unmodified_lens_hinted_by_gpio_chip unmodified_lens

if targeted; then
	ktap_case declared_client_bound_before_record client_bound_before_record
else
	ktap_skip declared_client_bound_before_record "targeted boots only"
fi
ktap_end
