#!/bin/sh
# The chain: N devices, each needing its predecessor bound, registered
# worst-first.  Counts probe() calls: stock N(N+1)/2, needs declared from
# probe 2N-1, needs held before probe N.  Booted with
# deferred_probe_targeted=0 every mode must cost exactly the stock count.
. /guest/lib.sh

targeted=1
grep -qw 'deferred_probe_targeted=0' /proc/cmdline && targeted=0
has_api=0
has_series && has_api=1

# chain_case MODE N EXPECTED_PROBES
chain_case() {
	mode=$1 n=$2 want=$3
	load tdp_chain n=$n mode=$mode || { fail "insmod chain"; return 1; }
	wait_for 300 sh -c "[ \$(cat /sys/module/tdp_chain/parameters/bound) -eq $n ]"
	b=$(param tdp_chain bound) p=$(param tdp_chain probes) d=$(param tdp_chain deferrals)
	ktap_diag "chain mode=$mode n=$n: bound=$b probe() calls=$p deferrals=$d (want $want calls)"
	unload tdp_chain || { fail "rmmod chain"; return 1; }
	[ "$b" -eq "$n" ] || { fail "only $b of $n bound"; return 1; }
	[ "$p" -eq "$want" ] || { fail "$p probe() calls, want $want"; return 1; }
}

stock() { echo $(($1 * ($1 + 1) / 2)); }

ktap_begin chain 5
ktap_case stock_n50 chain_case stock 50 "$(stock 50)"
if [ $has_api -eq 0 ]; then
	for c in declared_n50 held_n50 declared_n1000 held_n1000; do
		skip_case $c
	done
elif [ $targeted -eq 0 ]; then
	ktap_case declared_n50_as_stock chain_case declared 50 "$(stock 50)"
	ktap_case held_n50_as_stock chain_case held 50 "$(stock 50)"
	ktap_case declared_n100_as_stock chain_case declared 100 "$(stock 100)"
	ktap_case held_n100_as_stock chain_case held 100 "$(stock 100)"
else
	ktap_case declared_n50 chain_case declared 50 $((2 * 50 - 1))
	ktap_case held_n50 chain_case held 50 50
	ktap_case declared_n1000 chain_case declared 1000 $((2 * 1000 - 1))
	ktap_case held_n1000 chain_case held 1000 1000
fi
ktap_end
