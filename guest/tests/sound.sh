#!/bin/sh
# The sound card: a machine driver needing two I2C codecs, an I2S
# controller and a DMA engine's channels, five modules loaded in random
# orders (seeded, so a failure can be replayed).  Every order must end with
# the card bound; with its needs declared the card is probed once if it
# loads last, else exactly twice.  Then a few orders with an unmodified
# driver added: the speaker amplifier, whose enable line comes from the
# first codec's GPIO expander through a software node.
. /guest/lib.sh

SEED=${SOUND_SEED:-20111}
ORDERS=8
AMP_ORDERS=4
MODS="tdp_snd_i2c tdp_snd_codec tdp_snd_i2s tdp_snd_dma tdp_snd_card"
CARD=/sys/bus/platform/devices/snd-card

# A seeded linear congruential generator: R is the next number.
rand() {
	SEED=$(( (SEED * 1103515245 + 12345) % 2147483648 ))
	R=$((SEED / 65536))
}

# shuffle WORDS...: ORDER becomes a random permutation of WORDS
shuffle() {
	ORDER=
	while [ $# -gt 0 ]; do
		rand
		k=$((R % $# + 1))
		j=0 rest=
		for w in "$@"; do
			j=$((j + 1))
			if [ $j -eq $k ]; then ORDER="$ORDER $w"; else rest="$rest $w"; fi
		done
		# shellcheck disable=SC2086
		set -- $rest
	done
}

# sound_order DECLARE MODULE...
sound_order() {
	declare=$1; shift
	for m in "$@"; do
		args=
		[ "$m" = tdp_snd_card ] && [ "$declare" = 1 ] && args=declare=1
		# shellcheck disable=SC2086
		load "$m" $args || { fail "insmod $m"; return 1; }
	done
	ok=0
	wait_for 10 is_bound $CARD || { fail "card not bound"; ok=1; }
	calls=$(param tdp_snd_card probes)
	ktap_diag "order $*: card probe() calls=$calls"
	if [ "$declare" = 1 ] && targeted; then
		want=2
		[ "$5" = tdp_snd_card ] && want=1
		[ "$calls" -eq $want ] || { fail "card probed $calls times, want $want"; ok=1; }
	fi
	unload tdp_snd_card tdp_snd_dma tdp_snd_i2s tdp_snd_codec tdp_snd_i2c || { fail "rmmod"; ok=1; }
	return $ok
}

# amp_order MODULE...: the sound modules and the amplifier in this order,
# the codecs with their GPIO expander, the card deferring the stock way.
# Bound in every order; probed once if the I2C bus and the codecs came
# before it.  Else its failed GPIO look-up is a hint: the expander's
# registration retries it, and binds still retry it as stock does.
AMP=/sys/bus/platform/devices/snd-amp
amp_order() {
	seen=" "
	before=0
	for m in "$@"; do
		args=
		[ "$m" = tdp_snd_codec ] && args=gpio=1
		if [ "$m" = tdp_snd_amp ]; then
			case $seen in
			*" tdp_snd_i2c "*) case $seen in *" tdp_snd_codec "*) before=1 ;; esac ;;
			esac
		fi
		# shellcheck disable=SC2086
		load "$m" $args || { fail "insmod $m"; return 1; }
		seen="$seen$m "
	done
	ok=0
	wait_for 10 all_bound $AMP $CARD || { fail "amplifier or card not bound"; ok=1; }
	calls=$(param tdp_snd_amp probes)
	ktap_diag "order $*: amplifier probe() calls=$calls"
	if [ $before = 1 ]; then
		[ "$calls" -eq 1 ] || { fail "amplifier probed $calls times, want 1"; ok=1; }
	fi
	unload tdp_snd_amp tdp_snd_card tdp_snd_dma tdp_snd_i2s tdp_snd_codec tdp_snd_i2c ||
		{ fail "rmmod"; ok=1; }
	return $ok
}

ktap_begin sound $((ORDERS * 2 + AMP_ORDERS))
ktap_diag "seed $SEED"
i=0
while [ $i -lt $ORDERS ]; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	shuffle $MODS
	order=$ORDER
	name=$(echo $order | sed 's/tdp_snd_//g; s/ /_/g')
	# shellcheck disable=SC2086
	ktap_case "stock_$name" sound_order 0 $order
	if has_series; then
		# shellcheck disable=SC2086
		ktap_case "declared_$name" sound_order 1 $order
	else
		skip_case "declared_$name"
	fi
done
i=0
while [ $i -lt $AMP_ORDERS ]; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	shuffle $MODS tdp_snd_amp
	order=$ORDER
	name=$(echo $order | sed 's/tdp_snd_//g; s/ /_/g')
	# shellcheck disable=SC2086
	ktap_case "unmodified_amp_$name" amp_order $order
done
ktap_end
