# Guest-side helpers shared by the test suites and the demo.
#
# Refuse to run anywhere but inside the test guest: these scripts load and
# unload kernel modules, which must never happen on the host.
if ! grep -qw 'tdp.guest=1' /proc/cmdline || [ ! -f /etc/tdp-guest ]; then
	echo "refusing to run: not inside the tdp test guest" >&2
	exit 2
fi

MODDIR=/lib/tdp
DEFERRED=/sys/kernel/debug/devices_deferred
WAITING=/sys/kernel/debug/devices_waiting

load() {
	m=$1; shift
	insmod "$MODDIR/$m.ko" "$@"
}
unload() { rmmod "$@"; }

# is_bound SYSFS_DEVICE_PATH
is_bound() { [ -e "$1/driver" ]; }

# wait_for SECONDS COMMAND...: poll every 50 ms until COMMAND succeeds.
wait_for() {
	tries=$(($1 * 20)); shift
	while ! "$@"; do
		tries=$((tries - 1))
		[ $tries -le 0 ] && return 1
		usleep 50000
	done
}

all_bound() {
	for d in "$@"; do is_bound "$d" || return 1; done
}

# deferred_has DEVNAME: DEVNAME is listed in devices_deferred.
deferred_has() { cut -f1 "$DEFERRED" | grep -qx "$1"; }
deferred_lacks() { [ -r "$DEFERRED" ] && ! deferred_has "$1"; }
deferred_reason() { grep "^$1	" "$DEFERRED" | cut -f2-; }

param() { cat "/sys/module/$1/parameters/$2" 2>/dev/null || echo '?'; }

. /guest/ktap.sh
# has_series: the kernel runs the patch series (it has devices_waiting).
has_series() { [ -e "$WAITING" ]; }
# targeted: the series runs with targeting on (not deferred_probe_targeted=0).
targeted() { has_series && ! grep -qw deferred_probe_targeted=0 /proc/cmdline; }
# skip_suite NAME CASE...: a suite that needs the series, on a kernel
# without it: every case reported as skipped, and the suite ends here.
# Booted with tdp.series=1 (make check, on a kernel built with the
# series), every case fails instead: the series' debugfs files are gone.
skip_suite() {
	suite=$1; shift
	ktap_begin "$suite" $#
	for c in "$@"; do
		skip_case "$c"
	done
	ktap_end
	exit 0
}
# skip_case CASE: a case that needs the series, on a kernel that shows
# none of it: skipped, or failed when booted with tdp.series=1.
skip_case() {
	if grep -qw tdp.series=1 /proc/cmdline; then
		ktap_case "$1" fail "built with the series, but its debugfs files are missing"
	else
		ktap_skip "$1" "kernel without targeted deferred probing"
	fi
}
# fail MESSAGE: report why a case failed, as a diagnostic, and fail.
fail() { ktap_diag "FAIL: $*"; return 1; }

# waits_for DEVNAME NEED: DEVNAME's line in devices_waiting names NEED
# ("present:net/eth0").  Targeting off, as stock, nothing is recorded:
# DEVNAME must wait for nothing.
waits_for() {
	w=$(grep "^$1[[:space:]]" "$WAITING")
	if ! targeted; then
		[ -z "$w" ] || { fail "waiting with targeting off: $w"; return 1; }
		return 0
	fi
	ktap_diag "devices_waiting: ${w:-nothing}"
	case $w in
	*"$2"*) ;;
	*) fail "$1 does not wait for $2"; return 1 ;;
	esac
}
