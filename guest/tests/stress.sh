#!/bin/sh
# Reliability: targeted deferred probing under hostile load, with and
# without slab allocation failures, and a deterministic fail-nth sweep
# over recording every kind of need and raising every kind of event; then
# kmemleak.  Nothing may end unbound, nothing may leak, no splat.
#
# Kernel command line: tdp.stress.secs=N (churn per run, default 10),
# tdp.stress.seed=N (default: drawn, and printed for replay),
# tdp.stress.threads=N (default 4).
. /guest/lib.sh

SECS=10 SEED= THREADS=4
for arg in $(cat /proc/cmdline); do
	case $arg in
	tdp.stress.secs=*) SECS=${arg#tdp.stress.secs=} ;;
	tdp.stress.seed=*) SEED=${arg#tdp.stress.seed=} ;;
	tdp.stress.threads=*) THREADS=${arg#tdp.stress.threads=} ;;
	esac
done
[ -n "$SEED" ] || SEED=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
TARGETED=1
grep -qw deferred_probe_targeted=0 /proc/cmdline && TARGETED=0
P=/sys/module/tdp_stress/parameters
FS=/sys/kernel/debug/failslab
KMEMLEAK=/sys/kernel/debug/kmemleak

# result_ok: the module's result line holds no failure.
result_ok() {
	r=$(cat $P/result)
	ktap_diag "$r"
	rok=0
	for want in unbound=0 over_bound=0 held_violations=0; do
		case " $r " in
		*" $want "*) ;;
		*) fail "want $want"; rok=1 ;;
		esac
	done
	return $rok
}

# no_waiter_left: with every need met, no device of the suite still waits
# for needs: a targeted kernel needs no further bind to retry them.
no_waiter_left() {
	tab=$(printf '\t')
	left=$(grep "^tdps-[^$tab]*${tab}waiting for" $DEFERRED; grep '^tdps-' $WAITING | grep '(waiting')
	if [ -n "$left" ]; then
		fail "waiting although every need is met: $(echo "$left" | head -3)"
		return 1
	fi
}

# lists_clean: no device of the suite is parked or waiting any more.
lists_clean() {
	[ -r $DEFERRED ] && [ -r $WAITING ] || { fail "no $DEFERRED or $WAITING"; return 1; }
	if grep -q '^tdps-' $DEFERRED $WAITING; then
		fail "still listed: $(grep '^tdps-' $DEFERRED $WAITING | head -3)"
		return 1
	fi
}

failslab() {	# failslab PROBABILITY: inject into deferred.c's callers only
	echo "$1" > $FS/probability
}

failslab_setup() {
	# The text of drivers/base/deferred.c and of the files linked after it
	# (deferred-sources.c, deferred-report.c and, with the tools,
	# deferred-tools.c), up to the last of these functions: from the first
	# to the symbol that follows the last, in kallsyms (names only these
	# files have; static ones are there too).
	sort /proc/kallsyms > /tmp/kallsyms
	first=$(grep -wE '(deferred_probe_work_func|driver_deferred_probe_add|deferred_waiter_park|deferred_record|deferred_raise|dev_probe_defer_until|dev_probe_hold_until|dev_provider_announce|devm_dev_provider_announce|driver_deferred_probe_trigger|deferred_waiters_report|deferred_probe_timeout_work_func|deferred_probe_extend_timeout)' /tmp/kallsyms |
		sed -n '1p;$p' | cut -d' ' -f1 | tr '\n' ' ')
	set -- $first
	[ $# -eq 2 ] || { fail "deferred.c not found in kallsyms"; return 1; }
	end=$(awk -v last="$2" 'found { print $1; exit } $1 == last { found = 1 }' /tmp/kallsyms)
	[ -n "$end" ] || { fail "no symbol after deferred.c"; return 1; }
	ktap_diag "failslab: callers in 0x$1..0x$end only"
	echo "0x$1" > $FS/require-start
	echo "0x$end" > $FS/require-end
	# Allocations deferred.c makes itself (a few frames up), not those of
	# the probes its retry work runs, which stock would lose as well.
	echo 8 > $FS/stacktrace-depth
	echo N > $FS/ignore-gfp-wait
	echo 0 > $FS/verbose
	echo 1 > $FS/interval
	echo 1000000 > $FS/times
	echo 0 > $FS/space
	failslab 0
}

# churn NAME SEED [pause=1]: load, churn, settle, check, unload.
churn() {
	name=$1 seed=$2; shift 2
	load tdp_stress seed="$seed" secs="$SECS" threads="$THREADS" \
		targeted=$TARGETED "$@" || { fail "insmod tdp_stress"; return 1; }
	ktap_diag "$name: seed=$seed secs=$SECS threads=$THREADS (replay: tdp.stress.seed=$seed)"
	if [ "$*" = pause=1 ]; then
		wait_for $((SECS + 60)) sh -c "[ \"\$(cat $P/churned)\" = 1 ]" ||
			{ fail "churn did not stop"; return 1; }
		failslab 0
		injected=$((1000000 - $(cat $FS/times)))
		ktap_diag "$name: slab allocations failed: $injected"
		echo settle > $P/op
	fi
	wait_for $((SECS + 300)) sh -c "[ \"\$(cat $P/done)\" = 1 ]" ||
		{ fail "no result"; return 1; }
	# a churn under failslab that failed nothing tested nothing
	none=0
	if [ "$*" = pause=1 ] && [ "$injected" -le 0 ]; then
		fail "failslab failed no allocation"; none=1
	fi
	finish || return 1
	return $none
}

# finish: check the settled state, kick, check again, unload.
finish() {
	ktap_diag "$(cat $P/result)"
	ok=0
	no_waiter_left || ok=1
	echo kick > $P/op
	result_ok || ok=1
	lists_clean || ok=1
	unload tdp_stress || { fail "rmmod tdp_stress"; ok=1; }
	return $ok
}

churn_plain() { churn churn "$SEED"; }

churn_failslab() {
	[ -d $FS ] || { fail "no failslab in debugfs"; return 1; }
	failslab_setup || return 1
	failslab 20
	churn failslab $((SEED + 1)) pause=1
	r=$?
	failslab 0
	return $r
}

# fail_nth OP...: the Nth allocation of this shell fails, for N = 1, 2, ...
# until OP no longer reaches it; every N runs OP once.
fail_nth() {
	nth=/proc/$$/task/$$/fail-nth
	n=1
	while [ $n -le 200 ]; do
		echo $n > $nth
		echo "$*" > $P/op 2>/dev/null
		read -r left < $nth
		echo 0 > $nth
		[ "$left" -gt 0 ] && break
		n=$((n + 1))
	done
	[ $n -le 200 ] || { cut=1; ktap_diag "FAIL: the sweep of $* was cut at 200"; }
	swept=$((swept + n - 1))
	# recording and holding allocate needs: a sweep that failed none
	# did not reach them
	case $1 in
	record|hold)
		[ $n -gt 1 ] || { cut=1; ktap_diag "FAIL: $* failed no allocation"; } ;;
	esac
}

fail_nth_sweep() {
	[ "$TARGETED" = 1 ] || { fail "not reached"; return 1; }
	# fail-nth obeys failslab's filters: only deferred.c's allocations
	[ -d $FS ] || { fail "no failslab in debugfs"; return 1; }
	failslab_setup || return 1
	load tdp_stress manual=1 consumers=1500 seed="$SEED" || { fail "insmod"; return 1; }
	swept=0 cut=0
	for kind in bound present class provider; do
		echo "lower $kind" > $P/op
		fail_nth record "$kind"
		fail_nth hold "$kind"
		fail_nth raise "$kind"
		echo "raise $kind" > $P/op
	done
	ktap_diag "fail-nth: $swept allocations failed, one per run"
	echo settle > $P/op
	none=$cut
	[ "$swept" -gt 0 ] || { fail "fail-nth failed no allocation"; none=1; }
	finish || return 1
	return $none
}

no_leaks() {
	[ -e $KMEMLEAK ] || { fail "no kmemleak"; return 1; }
	# kmemleak reports no object younger than 5 s: let the last ones age
	sleep 6
	echo scan > $KMEMLEAK
	echo scan > $KMEMLEAK
	if grep -q unreferenced $KMEMLEAK; then
		ktap_diag "$(grep -c unreferenced $KMEMLEAK) unreferenced objects"
		head -30 $KMEMLEAK | while read -r l; do ktap_diag "$l"; done
		fail "kmemleak found leaks"
		return 1
	fi
}

has_series || skip_suite stress churn_all_bound churn_with_failed_allocations_all_bound fail_nth_sweep_all_bound no_kmemleak_reports
ktap_begin stress 4
ktap_case churn_all_bound churn_plain
ktap_case churn_with_failed_allocations_all_bound churn_failslab
if [ "$TARGETED" = 1 ]; then
	ktap_case fail_nth_sweep_all_bound fail_nth_sweep
else
	ktap_skip fail_nth_sweep_all_bound "sweeps the recording of needs, which stock does not do"
fi
ktap_case no_kmemleak_reports no_leaks
ktap_end
