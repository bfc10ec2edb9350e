#!/bin/sh
# The camera: bridge, sensor and I2C adapter modules loaded in all six
# orders; every order must end with all three devices bound.
. /tests/lib.sh

ADAPTER=/sys/bus/platform/devices/cam-i2c
SENSOR=/sys/bus/i2c/devices/7-0042
BRIDGE=/sys/bus/platform/devices/cam-bridge

camera_order() {
	for m in "$@"; do
		load "$m" || { fail "insmod $m"; return 1; }
	done
	ok=0
	wait_for 10 all_bound $ADAPTER $SENSOR $BRIDGE || ok=1
	ktap_diag "order $*: probe() calls adapter=$(param cam_adapter probes)" \
		"sensor=$(param cam_sensor probes) bridge=$(param cam_bridge probes)"
	for d in $ADAPTER $SENSOR $BRIDGE; do
		is_bound $d || fail "$(basename $d) not bound"
	done
	deferred_has cam-bridge && { fail "cam-bridge still deferred"; ok=1; }
	unload cam_bridge cam_sensor cam_adapter || { fail "rmmod"; ok=1; }
	for d in $ADAPTER $SENSOR $BRIDGE; do
		[ -e $d ] && { fail "$d still present after rmmod"; ok=1; }
	done
	return $ok
}

ktap_begin camera 6
for order in "cam_bridge cam_sensor cam_adapter" \
	     "cam_bridge cam_adapter cam_sensor" \
	     "cam_sensor cam_bridge cam_adapter" \
	     "cam_sensor cam_adapter cam_bridge" \
	     "cam_adapter cam_bridge cam_sensor" \
	     "cam_adapter cam_sensor cam_bridge"; do
	# shellcheck disable=SC2086
	ktap_case "$(echo $order | sed 's/cam_//g; s/ /_/g')" camera_order $order
done
ktap_end
