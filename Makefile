# Targeted deferred probing: build, boot and test driver.
#
#   make check   build the patched kernel with the debug layer, boot it in
#                QEMU, run every test, print "N passed, N failed"
#   make demo    boot the camera scenario and tell its story
#   make export  re-export commits made in $(TREE) as patches/
#   make test-harness  the host scripts' own tests, no kernel needed
#
# Every step is a small script under scripts/; see README.md.

TREE     ?= cache/linux
SERIES   ?= patches/series
CHECK    := cache/build/check
OUT      := out
TIMEOUT  ?= 900
# tdp.plant=warn or tdp.plant=kunit plants a splat or a failing KUnit case.
PLANT    ?=
GUEST_ARGS ?=

# An architecture's facts live in config/arch/NAME.sh only:
# $(call arch_var,NAME,VAR) reads one of them.
arch_var = $(shell . ./config/arch/$(1).sh && echo "$$$(2)")

# The pipeline, written once: tree (prepare-tree) -> configure -> build
# -> guest (modules and initramfs) -> boot (run-qemu) -> parse.  Every
# kernel and guest below is a call of these, with its architecture (a
# file of config/arch), tree, build directory and fragments:
#   $(call configure,TREE,BUILD,ARCH,FRAGMENTS)
#   $(call build,TREE,BUILD,ARCH)
#   $(call kernel,TREE,BUILD,ARCH,FRAGMENTS)      configure and build
#   $(call x86_guest,TREE,BUILD[,GRAPHS])          test modules, initramfs
#   $(call dt_guest,ARCH,BUILD)                    the device-tree guest
#   $(call boot,ARCH,BUILD,INITRAMFS) OUT TIMEOUT CMDLINE...
configure = @ARCH=$(3) scripts/configure $(1) $(2) $(4)
define build
	@echo "  KERNEL  $(2) ($(3))"
	@ARCH=$(3) scripts/build-kernel $(1) $(2)
endef
define kernel
	$(call configure,$(1),$(2),$(3),$(4))
	$(call build,$(1),$(2),$(3))
endef
define x86_guest
	@echo "  MODULES $(2)/tdp-modules"
	@scripts/build-modules $(1) $(2) modules $(2)/tdp-modules
	@scripts/make-initramfs guest $(2)/tdp-modules $(2)/initramfs.cpio.gz $(3)
endef
dt_guest = @ARCH=$(1) scripts/make-web-initramfs guest/web $(2)/web-initramfs.cpio.gz $(2)/modules-root
boot = ARCH=$(1) scripts/run-qemu $(2)/$(call arch_var,$(1),IMAGE) $(3)

FRAGMENTS := config/base.config config/debug.config config/reliability.config \
	config/trace.config
# Whether $(SERIES) lists any patch (bench/stock.series lists none).
HAS_SERIES := $(shell grep -v '^\#' $(SERIES) 2>/dev/null)
# config/series.config names options the series adds: only with a series;
# config/tools.config turns its tools on, in every patched test kernel but
# the benchmark's (off, as by default) and make bisect's (the engine alone).
TOOLS := $(if $(HAS_SERIES),config/tools.config)
FRAGMENTS += $(if $(HAS_SERIES),config/series.config $(TOOLS))
GUEST_FILES := $(wildcard guest/* guest/tests/*)
MODULE_SRC := $(shell find modules -name '*.[ch]' -o -name Kbuild)

.PHONY: all deps tree config kernel modules initramfs check check-first-series first-series-kunit stress kcsan-kernel demo export format \
	checkpatch clean distclean bench bench-cost profile bench-kernels arm-kernel arm-stock-kernel arm64-stock-kernel stock-tree boards sizes board-graphs bisect bisect-patch bisect-patch-tools recut recut-tree recut-save board-times board-replay arm64-kernel web board bench-web graph shell bench-quick \
	test-harness

all: check

deps:
	@scripts/install-deps

tree: deps
	@scripts/prepare-tree $(TREE) $(SERIES)

# The test kernel adds the upstream network drivers its guest suites run.
config: tree
	$(call configure,$(TREE),$(CHECK),x86_64,$(FRAGMENTS) config/net.config)

kernel: config
	$(call build,$(TREE),$(CHECK),x86_64)

initramfs modules: kernel
	$(call x86_guest,$(TREE),$(CHECK))

# Command-line rules the "cmdline" guest suite checks: device names with
# ':', a parameter given three times, an empty and a malformed value.
CHECK_RULES := deferred_probe_needs=platform/tdp-soc:leds:bound:i2c/7-0042 \
	deferred_probe_needs= \
	deferred_probe_needs=platform/tdp-x:wanted:i2c/1-0001,platform/tdp-0000:00:1f.3:provider:snd-dma0

# A rule whose need never appears, for a boot with no deferred probe
# timeout armed: holds relax when initcalls end, as stock stops waiting.
RELAX_RULES := deferred_probe_needs=platform/tdp-x:bound:platform/tdp-typo

# What the boots must have run, without GUEST_ARGS: the guest suites not
# marked "on request", and the KUnit suites of the first boot.
comma := ,
CHECK_SUITES := $(subst $(eval) ,$(comma),$(strip $(basename $(notdir \
	$(shell grep -L '^\# tdp: on request' guest/tests/*.sh)))))
CHECK_KUNIT  := deferred-probe,deferred-probe-tools
# A kernel built with the series: a guest suite that finds no series
# fails instead of skipping (guest/lib.sh's skip_suite).
SERIES_ARG   := $(if $(HAS_SERIES),tdp.series=1)

# Three boots of the same kernel: targeted (the default), stock behaviour
# restored by deferred_probe_targeted=0 (KUnit runs in the first), and
# targeted with deferred_probe_timeout=0 (the "relax" suite alone).  A
# boot whose QEMU fails to start (run-qemu says so in its console) does
# not stop the others: parse-results fails it, and still counts the rest.
check: initramfs
	@echo "  QEMU    tests (console: $(OUT)/check.console)"
	@QEMU_SMP=4 $(call boot,x86_64,$(CHECK),$(CHECK)/initramfs.cpio.gz) \
		$(OUT)/check $(TIMEOUT) tdp.run=check $(CHECK_RULES) $(SERIES_ARG) \
		deferred_probe_targeted=maybe \
		$(if $(PLANT),tdp.plant=$(PLANT)) $(GUEST_ARGS) || :
	@echo "  QEMU    tests, deferred_probe_targeted=0 (console: $(OUT)/check-stock.console)"
	@QEMU_SMP=4 $(call boot,x86_64,$(CHECK),$(CHECK)/initramfs.cpio.gz) \
		$(OUT)/check-stock $(TIMEOUT) tdp.run=check deferred_probe_targeted=0 $(SERIES_ARG) \
		$(CHECK_RULES) kunit.enable=0 $(GUEST_ARGS) || :
	@echo "  QEMU    tests, deferred_probe_timeout=0 (console: $(OUT)/check-relax.console)"
	@DEFERRED_PROBE_TIMEOUT=0 $(call boot,x86_64,$(CHECK),$(CHECK)/initramfs.cpio.gz) \
		$(OUT)/check-relax $(TIMEOUT) tdp.run=check $(SERIES_ARG) \
		tdp.suites=relax $(RELAX_RULES) kunit.enable=0 $(GUEST_ARGS) || :
	@$(MAKE) --no-print-directory web
	@$(MAKE) --no-print-directory board
	$(if $(FIRST_SERIES),@$(MAKE) --no-print-directory check-first-series)
	@$(MAKE) --no-print-directory test-harness
	@scripts/parse-results $(TREE) $(if $(GUEST_ARGS),,expect=$(CHECK_KUNIT),$(CHECK_SUITES)) \
		$(OUT)/check $(if $(GUEST_ARGS),,expect=$(CHECK_SUITES)) $(OUT)/check-stock \
		$(if $(GUEST_ARGS),,expect=relax) $(OUT)/check-relax \
		$(OUT)/web $(OUT)/board $(if $(FIRST_SERIES),console:$(FIRST_OUT)/kunit $(FIRST_OUT)/web) \
		$(OUT)/harness

# The first series alone (patches/cuts' first line), in a tree and build
# directories of its own: its KUnit suites at boot (as make bisect boots a
# patch), and the arm64 web at fw_devlink=on, where device links drive
# targeting.  The tools for people come with the last series: not here.
# The guest suites and the web's other modes use what the later series
# add, and run on the whole stack above.
FIRST_SERIES := $(if $(filter patches/series,$(SERIES)),$(wildcard patches/$(shell \
	scripts/series-cuts patches | head -1 | cut -d' ' -f1)/series))
FIRST_OUT    := $(OUT)/first-series
check-first-series: deps
	@echo "  SERIES  the first series alone: $(FIRST_SERIES) (results: $(FIRST_OUT))"
	@$(MAKE) --no-print-directory first-series-kunit web TREE=cache/linux-first \
		SERIES=$(FIRST_SERIES) CHECK=cache/build/check-first ARM64=cache/build/arm64-first \
		OUT=$(FIRST_OUT) WEB_MODES=on WEB_CHECK_ARGS=--first-series TOOLS=

first-series-kunit: tree
	$(call kernel,$(TREE),$(CHECK),x86_64,$(FRAGMENTS))
	@echo "  QEMU    KUnit (console: $(OUT)/kunit.console)"
	@mkdir -p $(OUT)
	@$(call boot,x86_64,$(CHECK),none) $(OUT)/kunit 600 kunit_shutdown=reboot || :

# The host scripts' own tests, no kernel or guest: scripts/check-harness
# (prepare-tree, run-qemu and check-board keep their promises) and
# scripts/tests/run (each piece of bench-report, check-web, make-dt-web,
# dts-graph, profile-report and ktap-join on recorded inputs), joined
# into one KTAP document, $(OUT)/harness.ktap, that make check's
# parse-results counts.
# Alone, it lists the cases that failed.
test-harness: deps
	@echo "  HOST    harness tests (results: $(OUT)/harness.ktap)"
	@scripts/check-harness $(OUT)/check-harness
	@scripts/tests/run $(OUT)/script-tests
	@scripts/ktap-join $(OUT)/harness $(OUT)/check-harness $(OUT)/script-tests
	@grep '^    not ok' $(OUT)/harness.ktap || true

# arm64: a device tree of upstream drivers that need no hardware
# (scripts/make-dt-web), consumers before suppliers, booted once per
# fw_devlink mode, targeted and with deferred_probe_targeted=0.  Kprobe
# events set up on the command line count the driver core's work the same
# way on any kernel; scripts/check-web compares the boots.  One vCPU
# (WEB_SMP): with two, how many retries coalesce depends on timing, and
# a boot's probe() calls at fw_devlink=off moved by 350 between runs.
ARM64      := cache/build/arm64
ARM64_FRAGMENTS := config/arm64.config config/boards.config config/debug.config
WEB_GROUPS ?= 50
WEB_MODES  ?= on permissive off
WEB_SMP    ?= 1
WEB_COUNT  := p:tdp/attempt,really_probe;r:tdp/links,device_links_check_suppliers,ret=$$retval:s32;p:tdp/probe_platform,platform_probe;p:tdp/probe_amba,amba_probe;p:tdp/probe_i2c,i2c_device_probe;p:tdp/bound,driver_bound;r:tdp/returned,really_probe,ret=$$retval:s32;p:tdp/trigger,driver_deferred_probe_trigger
WEB_HELD   := ;r:tdp/held,driver_deferred_probe_links_wait,ret=$$retval:u8
WEB_ARGS   = trace_buf_size=4M 'trace_event=deferred_probe:*' '$(1)'
# the counting probes of a kernel of $(SERIES): "held" exists only with it
WEB_KPROBES = $(WEB_COUNT)$(if $(HAS_SERIES),$(WEB_HELD))

arm64-kernel: tree
	$(call kernel,$(TREE),$(ARM64),arm64,$(ARM64_FRAGMENTS) $(TOOLS))
	$(call dt_guest,arm64,$(ARM64))
	@QEMU_SMP=$(WEB_SMP) scripts/make-web-dtb $(ARM64) $(WEB_GROUPS)

web: arm64-kernel
	@rm -f $(OUT)/web-*.ktap
	@for mode in $(WEB_MODES); do for t in on off; do \
		echo "  QEMU    arm64 web, $(WEB_GROUPS) groups, fw_devlink=$$mode, targeting $$t (console: $(OUT)/web-$$mode-$$t.console)"; \
		DTB=$(ARM64)/web-$(WEB_GROUPS).dtb DEFERRED_PROBE_TIMEOUT=0 QEMU_SMP=$(WEB_SMP) \
		$(call boot,arm64,$(ARM64),$(ARM64)/web-initramfs.cpio.gz) $(OUT)/web-$$mode-$$t $(TIMEOUT) \
			fw_devlink=$$mode $$([ $$t = off ] && echo deferred_probe_targeted=0) \
			$(call WEB_ARGS,kprobe_event=$(WEB_KPROBES)) || :; \
	done; done
	@scripts/check-web $(if $(HAS_SERIES),--series) $(WEB_CHECK_ARGS) $(OUT)/web $(ARM64)/web-$(WEB_GROUPS).expect $(WEB_MODES)

# A real board: QEMU's raspi3b with the board's own device tree and its
# SoC's drivers (config/boards.config, in the web's arm64 image), booted
# with the web's guest at fw_devlink=on, targeted and with
# deferred_probe_targeted=0; scripts/check-board compares the boots.
# One of its four cores online (BOARD_ARGS): with more, how many of the
# stock kernel's retries coalesce depends on timing, and so do its counts.
BOARD_MIN_BOUND ?= 20
BOARD_ARGS ?= maxcpus=1
board: arm64-kernel
	@rm -f $(OUT)/board-*.ktap
	@for t in on off; do \
		echo "  QEMU    raspi3b, fw_devlink=on, targeting $$t (console: $(OUT)/board-raspi3b-$$t.console)"; \
		$(call board_boot,raspi3b,$(ARM64)) $(OUT)/board-raspi3b-$$t $(TIMEOUT) \
			fw_devlink=on $$([ $$t = off ] && echo deferred_probe_targeted=0) $(BOARD_ARGS) \
			$(call WEB_ARGS,kprobe_event=$(WEB_KPROBES)) || :; \
	done
	@scripts/check-board $(OUT)/board raspi3b $(BOARD_MIN_BOUND)

# The 32-bit arm image of QEMU's orangepi-pc and sabrelite boards.
ARM := cache/build/arm

arm-kernel: tree
	$(call kernel,$(TREE),$(ARM),arm,config/arm.config $(TOOLS))
	$(call dt_guest,arm,$(ARM))

# The pristine tree's kernels of the boards: the 32-bit image and the
# arm64 one (the same fragments as the patched images, debug layer included).
STOCK_TREE := cache/linux-stock
ARM_STOCK := cache/build/arm-stock
ARM64_STOCK := cache/build/arm64-stock

stock-tree: deps
	@scripts/prepare-tree $(STOCK_TREE) bench/stock.series

arm-stock-kernel: stock-tree
	$(call kernel,$(STOCK_TREE),$(ARM_STOCK),arm,config/arm.config)
	$(call dt_guest,arm,$(ARM_STOCK))

arm64-stock-kernel: stock-tree
	$(call kernel,$(STOCK_TREE),$(ARM64_STOCK),arm64,$(ARM64_FRAGMENTS))
	$(call dt_guest,arm64,$(ARM64_STOCK))

# The distro-like variant of the board images: the same fragments plus
# config/KARCH-modules.config, which turns the SoCs' suppliers into
# modules; the guest loads them in modules.dep order.  Patched and
# pristine, in cache/build/KARCH-modules and KARCH-modules-stock.
arm-modules-kernel: tree
	$(call kernel,$(TREE),$(ARM)-modules,arm,config/arm.config config/arm-modules.config $(TOOLS))
	$(call dt_guest,arm,$(ARM)-modules)

arm-modules-stock-kernel: stock-tree
	$(call kernel,$(STOCK_TREE),$(ARM)-modules-stock,arm,config/arm.config config/arm-modules.config)
	$(call dt_guest,arm,$(ARM)-modules-stock)

arm64-modules-kernel: tree
	$(call kernel,$(TREE),$(ARM64)-modules,arm64,$(ARM64_FRAGMENTS) config/arm64-modules.config $(TOOLS))
	$(call dt_guest,arm64,$(ARM64)-modules)

arm64-modules-stock-kernel: stock-tree
	$(call kernel,$(STOCK_TREE),$(ARM64)-modules-stock,arm64,$(ARM64_FRAGMENTS) config/arm64-modules.config)
	$(call dt_guest,arm64,$(ARM64)-modules-stock)

# Every real board: each booted with its own device tree and its SoC's
# drivers, with the web's guest, per kernel variant (BOARD_VARIANTS:
# "builtin", the drivers built in, and "modules", the distro-like images
# whose suppliers are modules, reported as BOARD+modules), fw_devlink
# mode (BOARD_MODES) and vCPU count (BOARD_CPUS: 1, and the boards' four
# cores): patched and targeted, patched with deferred_probe_targeted=0,
# and the pristine tree's kernel (BOARD_STOCK=0 leaves it out), counted
# with kprobes; in the modules variant, once more per BOARD_SKEWS entry
# MS, with the guest's module loading started MS ms later (tdp.skew=MS):
# under -icount (at the board's ICOUNT_CPUS) a kernel interleaves a boot
# the same way every time, and under the host's clock no two boots
# alike, so these boots give each kernel's own spread;
# then BOARD_TIMES boots of each kernel at fw_devlink=on
# that count nothing, timed (board-times, below; boot I skewed by I-1 ms);
# all into $(OUT)/boards;
# then board-replay (below; BOARD_REPLAY=0 leaves it out);
# scripts/boards-report writes
# $(BENCH_DIR)/BOARDS.md and fails on a lost device.  make boards
# BOARD=sabrelite boots one board, BOARD_VARIANTS=modules one variant.
BOARD ?= raspi3b orangepi-pc sabrelite
BOARD_VARIANTS ?= builtin modules
BOARD_MODES ?= on permissive off
BOARD_CPUS ?= 1 4
BOARD_STOCK ?= 1
# boots per kernel at fw_devlink=on that count nothing, timed
BOARD_TIMES ?= 3
# the modules variant's counting boots beyond the first: tdp.skew= values
BOARD_SKEWS ?= 1 2 3 4
BOARD_REPLAY ?= 1
# What make boards boots: BOARD, or BOARD+modules for the modules variant.
BOARD_RUNS = $(foreach b,$(BOARD),$(foreach v,$(BOARD_VARIANTS),$(b)$(if $(filter modules,$(v)),+modules)))
# A run boots the image of its board's architecture (KARCH in
# config/arch/BOARD.sh): built in cache/build/KARCH[-modules] by
# KARCH[-modules]-kernel, the pristine tree's in the same with "-stock".
run_board = $(firstword $(subst +, ,$(1)))
run_image = $(call arch_var,$(call run_board,$(1)),KARCH)$(if $(findstring +modules,$(1)),-modules)
board_build = cache/build/$(call run_image,$(1))
board_stock = $(call board_build,$(1))-stock
board_kernels = $(sort $(foreach r,$(BOARD_RUNS),$(call run_image,$(r))-kernel \
	$(if $(filter 1,$(BOARD_STOCK)),$(call run_image,$(r))-stock-kernel)))
# $(call board_boot,RUN,KERNEL_BUILD) OUT TIMEOUT CMDLINE...: a board
# booted with its device tree and the device-tree guest of that kernel
# (its own modules, in the modules variant).  Built in, every hold relaxes
# when initcalls end (deferred_probe_timeout=0); with modules, the
# timeout does not pass during the boot (run-qemu's default), as it would
# not before a distribution's initramfs has loaded them.
board_boot = DTB=$(2)/$(call arch_var,$(call run_board,$(1)),BOARD_DTB) \
	$(if $(findstring +modules,$(1)),,DEFERRED_PROBE_TIMEOUT=0) \
	$(call boot,$(call run_board,$(1)),$(2),$(2)/web-initramfs.cpio.gz)
# In the loops of make boards, for kernel $$t (on, off or stock) of run
# RUN: the shell's $$build and $$args.
board_variant = build=$(call board_build,$(1)); args=; \
	case $$t in (off) args=deferred_probe_targeted=0 ;; (stock) build=$(call board_stock,$(1)) ;; esac
# In the loops of make boards, for $$cpus vCPUs of run RUN: the shell's
# $$clock and $$icount, "icount" and 0 at the board's ICOUNT_CPUS
# (config/arch/BOARD.sh), where the guest's clock counts its
# instructions: the same boot then interleaves its tasks the same way
# every time, whatever the host does.
board_clock = clock=host icount=; \
	case " $(call arch_var,$(call run_board,$(1)),ICOUNT_CPUS) " in (*" $$cpus "*) clock=icount icount=0 ;; esac
# The one event the timed boots trace: driver_bound(), which fires once
# per bind, as often on every kernel, for the time of the last bind.
TIME_KPROBES := p:tdp/bound,driver_bound
# Any trace_event= (an empty one enables nothing) gives the trace buffer
# its trace_buf_size at boot; kprobe_event= alone leaves it at its
# minimum, where a stock sabrelite+modules boot lost 205 of 481 events.
TRACE_EXPAND := trace_event=

boards: $(board_kernels)
	@rm -rf $(OUT)/boards && mkdir -p $(OUT)/boards
	@$(foreach b,$(BOARD_RUNS),for mode in $(BOARD_MODES); do for cpus in $(BOARD_CPUS); do \
	for t in on off $(if $(filter 1,$(BOARD_STOCK)),stock); do \
		$(call board_variant,$(b)); \
		kprobes='$(WEB_KPROBES)'; [ $$t != stock ] || kprobes='$(WEB_COUNT)'; \
		$(call board_clock,$(b)); \
		skews="$(if $(findstring +modules,$(b)),$(BOARD_SKEWS))"; \
		for skew in 0 $$skews; do \
		name=$$mode-$${cpus}cpu-$(b)-$$t; [ $$skew = 0 ] || name=$$name-skew$$skew; \
		echo "  QEMU    $(b), fw_devlink=$$mode, $$cpus vCPU, $$clock clock, $$t, skew $$skew ms"; \
		QEMU_ICOUNT=$$icount $(call board_boot,$(b),$$build) $(OUT)/boards/$$name $(TIMEOUT) \
			fw_devlink=$$mode maxcpus=$$cpus $$args trace_buf_size=4M \
			$$([ $$t != stock ] && echo 'trace_event=deferred_probe:*' || echo $(TRACE_EXPAND)) \
			"kprobe_event=$$kprobes" tdp.skew=$$skew || exit 1; \
		done; \
	done; done; done;)
	@$(MAKE) --no-print-directory board-times $(if $(filter 1,$(BOARD_REPLAY)),board-replay)
	@mkdir -p $(BENCH_DIR)
	@scripts/boards-report $(OUT)/boards $(BENCH_DIR)/BOARDS.md \
		$(if $(filter 1,$(BOARD_REPLAY)),$(OUT)/boards-replay)

# make boards' timed boots alone (into $(OUT)/boards, replacing earlier
# ones): at the vCPU counts of ICOUNT_CPUS in config/arch/BOARD.sh under
# -icount shift=0, so that the guest's clock counts its instructions,
# and by the host's clock at the others.  They trace TIME_KPROBES only.
# Boot I of a kernel starts loading modules I-1 ms late (tdp.skew), so
# that under -icount the boots of one kernel differ as boots on
# hardware do (built in, every bind precedes /init, and skew moves none).
board-times: $(board_kernels)
	@mkdir -p $(OUT)/boards && rm -f $(OUT)/boards/time-*
	@$(foreach b,$(BOARD_RUNS),for cpus in $(BOARD_CPUS); do for i in $$(seq $(BOARD_TIMES)); do \
	for t in on off $(if $(filter 1,$(BOARD_STOCK)),stock); do \
		$(call board_variant,$(b)); \
		$(call board_clock,$(b)); \
		echo "  QEMU    $(b), timed, $$cpus vCPU, $$clock clock, $$t, boot $$i"; \
		QEMU_ICOUNT=$$icount $(call board_boot,$(b),$$build) $(OUT)/boards/time-$${cpus}cpu-$$clock-$(b)-$$t-$$i \
			$(TIMEOUT) fw_devlink=on maxcpus=$$cpus $$args $(TRACE_EXPAND) \
			kprobe_event=$(TIME_KPROBES) tdp.skew=$$((i - 1)) || exit 1; \
	done; done; done;)

# What scripts/dts-graph's replay predicts for the same boards: make
# bench's boards shape alone, on the boards' own device trees, one round
# of the x86_64 bench kernels, into $(OUT)/boards-replay; boards-report
# puts it beside what the boots measured.
board_dts = $(foreach b,$(BOARD),$(patsubst %.dtb,%.dts,$(call arch_var,$(b),BOARD_DTB)))
board-replay:
	@$(MAKE) --no-print-directory bench OUT=$(OUT)/boards-replay BENCH_DIR=$(OUT)/boards-replay \
		BENCH_BOOTS=1 BENCH_JUDGE=0 BOARDS="$(board_dts)" \
		BENCH_EXTRA="tdp.bench.shapes=boards tdp.bench.board_reps=1 tdp.bench.scale=0"

# The reliability suite alone, for as long as asked: make stress SECS=3600
# is an hour of churn, half of it with failed allocations; SEED=N replays.
# KCSAN=1 runs it on a kernel with KCSAN instead of KASAN (they exclude
# each other), built in cache/build/kcsan; any data race it reports fails.
SECS ?= 600
SEED ?=
KCSAN ?=
KCSAN_BUILD := cache/build/kcsan
STRESS_BUILD := $(if $(filter 1,$(KCSAN)),$(KCSAN_BUILD),$(CHECK))

kcsan-kernel: tree
	@mkdir -p $(KCSAN_BUILD)
	@grep -v KASAN config/debug.config > $(KCSAN_BUILD)/debug-without-kasan.config
	$(call kernel,$(TREE),$(KCSAN_BUILD),x86_64,$(filter-out config/debug.config,$(FRAGMENTS)) \
		$(KCSAN_BUILD)/debug-without-kasan.config config/kcsan.config)
	$(call x86_guest,$(TREE),$(KCSAN_BUILD))

stress: $(if $(filter 1,$(KCSAN)),kcsan-kernel,initramfs)
	@echo "  QEMU    stress, $(SECS) s of churn (console: $(OUT)/stress.console)"
	@QEMU_SMP=4 $(call boot,x86_64,$(STRESS_BUILD),$(STRESS_BUILD)/initramfs.cpio.gz) \
		$(OUT)/stress $$(($(SECS) * 2 + 900)) tdp.run=check tdp.suites=stress \
		tdp.stress.secs=$$(($(SECS) / 2)) $(if $(SEED),tdp.stress.seed=$(SEED)) \
		kunit.enable=0 $(GUEST_ARGS)
	@scripts/parse-results $(TREE) $(OUT)/stress

# The story is shown as the guest tells it (its second serial port).
demo: initramfs
	@rm -f $(OUT)/demo.ktap
	@$(call boot,x86_64,$(CHECK),$(CHECK)/initramfs.cpio.gz) \
		$(OUT)/demo 300 tdp.run=demo $(GUEST_ARGS) & pid=$$!; \
	tail -q -F -s 0.2 --pid=$$pid $(OUT)/demo.ktap 2>/dev/null | sed -u 's/\r$$//'; wait $$pid
	@! grep -q '^RESULT: not all bound' $(OUT)/demo.ktap && grep -q '^RESULT: all three bound' $(OUT)/demo.ktap

# A shell in the x86_64 guest, on this terminal (Ctrl-A X quits).
shell: initramfs
	@scripts/run-shell $(CHECK)/$(call arch_var,x86_64,IMAGE) $(CHECK)/initramfs.cpio.gz $(GUEST_ARGS)

# The wait graph of the sound card (and the camera) half-way and at the
# end, drawn with Graphviz: out/graph-half.svg, out/graph-end.svg.
graph: initramfs
	@echo "  QEMU    wait graph (console: $(OUT)/graph.console)"
	@$(call boot,x86_64,$(CHECK),$(CHECK)/initramfs.cpio.gz) \
		$(OUT)/graph 300 tdp.run=graph kunit.enable=0 $(GUEST_ARGS)
	@scripts/render-graph $(OUT)/graph

# Benchmark: the stock tree (empty series) and the patched tree, both
# without the debug layer; the patched kernel runs twice, targeted and with
# deferred_probe_targeted=0.
BENCH      := cache/build/bench
BENCH_STOCK := cache/build/bench-stock
BENCH_FRAGMENTS := config/base.config config/bench.config
BENCH_ARGS := kunit.enable=0 tdp.run=bench $(BENCH_EXTRA)
# where the table and plot go
BENCH_DIR ?= bench

# Boards whose device trees the benchmark replays (paths in the kernel
# tree): make bench BOARDS="arch/arm64/boot/dts/VENDOR/BOARD.dts ...".
BOARDS ?= arch/arm64/boot/dts/rockchip/rk3399-rock-pi-4b.dts \
	arch/arm64/boot/dts/freescale/imx8mq-evk.dts \
	arch/arm64/boot/dts/qcom/sdm845-db845c.dts \
	arch/arm64/boot/dts/ti/k3-am625-sk.dts \
	arch/arm64/boot/dts/broadcom/bcm2711-rpi-4-b.dts \
	arch/arm64/boot/dts/allwinner/sun50i-h6-pine-h64.dts
BOARD_GRAPHS := cache/build/boards

board-graphs: tree
	@rm -rf $(BOARD_GRAPHS) && mkdir -p $(BOARD_GRAPHS)
	@for b in $(BOARDS); do \
		echo "  GRAPH   $$b"; \
		scripts/dts-graph $(TREE) $$b $(BOARD_GRAPHS)/$$(basename $$b .dts).graph || exit 1; \
	done

bench-kernels: tree stock-tree board-graphs
	$(call kernel,$(STOCK_TREE),$(BENCH_STOCK),x86_64,$(BENCH_FRAGMENTS))
	$(call kernel,$(TREE),$(BENCH),x86_64,$(BENCH_FRAGMENTS))
	$(call x86_guest,$(STOCK_TREE),$(BENCH_STOCK),$(BOARD_GRAPHS))
	$(call x86_guest,$(TREE),$(BENCH),$(BOARD_GRAPHS))

# BENCH_BOOTS rounds, each booting the three kernels in turn, so that
# time ratios come with the spread of the stock kernel against itself.
# The first round also runs each scenario once more, untimed, counting
# attach attempts with kprobes (tdp.bench.count=1).
# One vCPU by default (BENCH_SMP=N for more): the deferred retry work runs
# when the registering thread sleeps, so how many stock retries coalesce
# does not depend on timing and every count is the same in every boot.
# BENCH_CLOCK=icount (the default) runs the guests' clock from their
# instruction count (one nanosecond per instruction), so that times count
# the guest's work and not the host's load; BENCH_CLOCK=host times them
# with the host's clock, as TCG runs them.
BENCH_BOOTS ?= 3
BENCH_CLOCK ?= icount
BENCH_SMP ?= 1
BENCH_QEMU := QEMU_SMP=$(BENCH_SMP) $(if $(filter icount,$(BENCH_CLOCK)),QEMU_ICOUNT=0)

bench: bench-kernels
	@rm -f $(OUT)/bench-*.ktap
	@for i in $$(seq $(BENCH_BOOTS)); do \
		count=$$([ $$i = 1 ] && echo tdp.bench.count=1); \
		echo "  QEMU    bench round $$i: stock kernel"; \
		$(BENCH_QEMU) $(call boot,x86_64,$(BENCH_STOCK),$(BENCH_STOCK)/initramfs.cpio.gz) \
			$(OUT)/bench-stock-$$i 3600 $(BENCH_ARGS) $$count tdp.label=stock || exit 1; \
		echo "  QEMU    bench round $$i: patched kernel, deferred_probe_targeted=0"; \
		$(BENCH_QEMU) $(call boot,x86_64,$(BENCH),$(BENCH)/initramfs.cpio.gz) \
			$(OUT)/bench-off-$$i 3600 $(BENCH_ARGS) $$count tdp.label=patched-off \
			deferred_probe_targeted=0 || exit 1; \
		echo "  QEMU    bench round $$i: patched kernel, targeted"; \
		$(BENCH_QEMU) $(call boot,x86_64,$(BENCH),$(BENCH)/initramfs.cpio.gz) \
			$(OUT)/bench-on-$$i 3600 $(BENCH_ARGS) $$count tdp.label=patched || exit 1; \
	done
	@mkdir -p $(BENCH_DIR)
	@BENCH_CLOCK=$(BENCH_CLOCK) scripts/bench-report $(TREE) $(BENCH_DIR) $$(ls $(OUT)/bench-*.ktap | sed 's/\.ktap$$//') || \
		[ "$(BENCH_JUDGE)" = 0 ]

# A first look in a few minutes: one boot of each kernel, the chain and the
# random DAG at 10 and 100 devices, one board; the report goes to
# out/bench-quick.  One boot has no spread of its own: its checks are
# reported, not judged (BENCH_JUDGE=0).
bench-quick:
	@$(MAKE) --no-print-directory bench BENCH_BOOTS=1 BENCH_DIR=$(OUT)/bench-quick BENCH_JUDGE=0 \
		BOARDS=arch/arm64/boot/dts/broadcom/bcm2711-rpi-4-b.dts \
		BENCH_EXTRA="tdp.bench.shapes=chain,dag,boards tdp.bench.sizes=10,100 tdp.bench.scale=0"

# What every device pays, at 1 and 4 vCPUs: the scenario without
# dependencies only (10,000 devices three times, 100,000 bound and
# unbound), into bench/cost-1cpu and bench/cost-4cpu.
bench-cost:
	@for smp in 1 4; do \
		$(MAKE) --no-print-directory bench BENCH_SMP=$$smp BENCH_DIR=bench/cost-$${smp}cpu \
			BENCH_EXTRA="tdp.bench.shapes=none" || exit 1; \
	done

# Where the instructions go: make bench's kernels, booted at one vCPU
# under icount with scripts/tb-count.c (a QEMU plugin; the guest is not
# changed) registering and binding 10,000 devices with no dependency three
# times (tdp.bench.shapes=none); scripts/profile-report adds the counts up
# per kernel function, per device, against the stock kernel's, into
# $(OUT)/profile/report.md.  PROFILE_ARGS picks other scenarios, and
# PROFILE_PER what to divide by; PROFILE_RANK=targeted ranks functions by
# what the targeted kernel adds instead of the one with targeting off, and
# PROFILE_ROWS says how many.  What declared needs cost, say:
#   make profile PROFILE_RANK=targeted PROFILE_PER=1000 PROFILE_ARGS="\
#     tdp.bench.shapes=diamond tdp.bench.sizes=1000 tdp.bench.scale=0 \
#     tdp.bench.needs=declared"
TB_COUNT := cache/build/tb-count.so
PROFILE_ARGS ?= tdp.bench.shapes=none tdp.bench.scale=0
PROFILE_PER ?= 30000
PROFILE_RANK ?= targeting-off
PROFILE_ROWS ?= 25
profile_off = targeting-off=$(OUT)/profile/off.tb:$(BENCH)/System.map
profile_on = targeted=$(OUT)/profile/on.tb:$(BENCH)/System.map
$(TB_COUNT): scripts/tb-count.c
	@mkdir -p $(dir $@)
	@gcc -O2 -Wall -shared -fPIC -o $@ $<
profile: bench-kernels $(TB_COUNT)
	@mkdir -p $(OUT)/profile
	@for k in "stock $(BENCH_STOCK)" "off $(BENCH) deferred_probe_targeted=0" "on $(BENCH)"; do \
		set -- $$k; \
		echo "  QEMU    profile: $$1"; \
		QEMU_SMP=1 QEMU_ICOUNT=0 QEMU_PLUGIN=$(CURDIR)/$(TB_COUNT),out=$(CURDIR)/$(OUT)/profile/$$1.tb \
			$(call boot,x86_64,$$2,$$2/initramfs.cpio.gz) $(OUT)/profile/$$1 3600 \
			$(BENCH_ARGS) $(PROFILE_ARGS) tdp.label=$$1 $$3 || exit 1; \
	done
	@PROFILE_ROWS=$(PROFILE_ROWS) scripts/profile-report $(PROFILE_PER) \
		stock=$(OUT)/profile/stock.tb:$(BENCH_STOCK)/System.map \
		$(if $(filter targeted,$(PROFILE_RANK)),$(profile_on) $(profile_off),$(profile_off) $(profile_on)) \
		> $(OUT)/profile/report.md
	@echo "  REPORT  $(OUT)/profile/report.md"

# What every device pays, per architecture: struct device_private's size
# and kmalloc class in the stock and the patched kernel built from the same
# fragments (x86_64: make bench's kernels, without the debug layer; arm and
# arm64: make boards' kernels, arm64's with it).  Builds nothing.
sizes:
	@printf '| architecture | stock: size, class | patched: size, class |\n|---|---|---|\n'
	@for k in "x86_64 $(BENCH_STOCK) $(BENCH)" "arm $(ARM_STOCK) $(ARM)" "arm64 $(ARM64_STOCK) $(ARM64)"; do \
		set -- $$k; \
		printf '| %s | %s | %s |\n' $$1 "$$(scripts/struct-size $$2 2>&1)" "$$(scripts/struct-size $$3 2>&1)"; \
	done

# The web's counts at about 100, 500 and 1,000 devices, every fw_devlink
# mode, into bench/WEB.md.
BENCH_WEB_GROUPS ?= 10 50 100
bench-web:
	@for g in $(BENCH_WEB_GROUPS); do \
		$(MAKE) --no-print-directory web WEB_GROUPS=$$g OUT=$(OUT)/bench-web-$$g || exit 1; \
	done
	@scripts/web-report bench/WEB.md $(foreach g,$(BENCH_WEB_GROUPS),$(g):$(OUT)/bench-web-$(g)/web)

# The four series, cut from one tagged tree (recut/README.md).
# recut-tree puts pristine plus recut/tagged.patch in $(RECUT_TAGGED),
# once; recut-save writes that tree's markers back to recut/tagged.patch;
# recut checks that the markers give pristine and the final tree, then
# commits every patch of recut/series on the branch "recut" of $(TREE),
# in $(RECUT_TREE).
RECUT_TAGGED := cache/tagged
RECUT_TREE   := cache/recut
recut-tree: tree
	@[ -e $(RECUT_TAGGED)/.git ] || { \
		git -C $(TREE) worktree add -q --detach $(abspath $(RECUT_TAGGED)) pristine && \
		git -C $(RECUT_TAGGED) apply --index $(abspath recut/tagged.patch); }

recut-save:
	@git -C $(RECUT_TAGGED) add -A -f -- $$(git -C $(RECUT_TAGGED) diff --name-only pristine)
	@git -C $(RECUT_TAGGED) diff --cached pristine > recut/tagged.patch
	@echo "recut-save: $$(grep -c '^+++ ' recut/tagged.patch) files in recut/tagged.patch"

recut: recut-tree
	@scripts/recut-stage --check $(RECUT_TAGGED) $$(git -C $(TREE) rev-parse HEAD)
	@RECUT_DATE="$$(git log -1 --format=%cI -- recut)" \
		scripts/recut-commit $(RECUT_TAGGED) $(RECUT_TREE) recut/series recut/msg \
		$$(git -C $(TREE) rev-parse HEAD)

export:
	@scripts/export-series $(TREE) patches

# The series ready for git send-email, in out/format/: cover letter,
# sign-offs with your git identity, To/Cc from get_maintainer.pl.
format: tree
	@scripts/format-series $(TREE) patches $(OUT)/format

checkpatch: tree
	@scripts/check-series $(TREE) patches

# Every patch of the series on its own, through the pipeline: the x86_64
# kernel with the debug layer, built with CONFIG_WERROR, booted with no
# initramfs so that its built-in KUnit suites (the driver core's, and
# deferred-probe from the patch that adds it) are the whole guest, then
# parsed; a patch that has the tools for people, a second time with them
# on.  BISECT_FROM=N starts at patch N; BISECT_REV=recut checks the
# re-cut series (make recut) instead of $(TREE)'s.  Logs: $(OUT)/bisect/NNNN.*
BISECT_TREE  := cache/bisect
BISECT_BUILD := cache/build/bisect
BISECT_FROM  ?= 1
BISECT_REV   ?= HEAD
bisect: tree
	@REV=$(BISECT_REV) scripts/check-bisect $(TREE) $(BISECT_TREE) $(BISECT_FROM) \
		$(MAKE) --no-print-directory bisect-patch

# One patch of make bisect: the one checked out in $(BISECT_TREE).
# $(call bisect_boot,BUILD,FRAGMENTS,LOG): build it with the debug layer
# and FRAGMENTS, boot its KUnit suites, parse them into $(OUT)/bisect/LOG.
define bisect_boot
	$(call kernel,$(BISECT_TREE),$(1),x86_64,config/base.config \
		config/debug.config config/bisect.config $(2))
	@$(call boot,x86_64,$(1),none) $(OUT)/bisect/$(3) 600 kunit_shutdown=reboot
	@scripts/parse-results $(BISECT_TREE) --console $(OUT)/bisect/$(3) \
		> $(OUT)/bisect/$(3).parse; s=$$?; tail -1 $(OUT)/bisect/$(3).parse; exit $$s
endef

bisect-patch:
	$(call bisect_boot,$(BISECT_BUILD),$(if $(shell grep -s \
		'^config DEFERRED_PROBE_KUNIT_TEST' $(BISECT_TREE)/drivers/base/test/Kconfig),\
		config/series.config),$(PATCH))
	@if grep -qs '^config DEFERRED_PROBE_TOOLS' $(BISECT_TREE)/drivers/base/Kconfig; then \
		$(MAKE) --no-print-directory bisect-patch-tools; fi

# A patch that has the tools for people is built and booted a second time
# with them on (config/tools.config): their code and KUnit suite.
bisect-patch-tools:
	$(call bisect_boot,$(BISECT_BUILD)-tools,config/series.config config/tools.config,$(PATCH)-tools)

clean:
	rm -rf $(OUT) cache/build

distclean:
	rm -rf $(OUT) cache
