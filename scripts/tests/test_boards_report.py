# SPDX-License-Identifier: GPL-2.0
"""boards-report's pieces on recorded board boots.

recorded/boards: QEMU's orangepi-pc at fw_devlink=on, 1 and 4 vCPUs,
targeted and with deferred_probe_targeted=0, as `make boards` saved them
(the consoles cut to their "tdp-result:" lines): every claim holds.  The
tests that need a failing boot copy these and change one line.
"""
import os
import re
import shutil

from recorded import Scratch, read, recorded, run, script

report = script("boards-report")
PAIR = "on-1cpu-orangepi-pc"


class BoardsReport(Scratch):
    def edit(self, name, old, new):
        """Replace @old by @new in the scratch copy of boot @name's report."""
        path = os.path.join(self.tmp, name + ".ktap")
        text = read(path)
        self.assertIn(old, text)
        with open(path, "w") as f:
            f.write(text.replace(old, new))

    def test_boots_pairs_each_targeted_boot_with_its_stock_one(self):
        self.copy("boards")
        found = report.boots(self.tmp)
        self.assertEqual(sorted(found["orangepi-pc"]), [("on", 1), ("on", 4)])
        runs = found["orangepi-pc"][("on", 1)]
        self.assertEqual(sorted(runs), ["off", "on"])
        on, off = runs["on"], runs["off"]
        self.assertEqual((on["counts"]["attempts"], off["counts"]["attempts"]), (29, 35))
        self.assertEqual((len(on["bound"]), on["deferred"]), (31, 0))

    def test_recorded_boards_pass_and_are_tabled(self):
        self.copy("boards")
        out = os.path.join(self.tmp, "BOARDS.md")
        res = run("boards-report", self.tmp, out)
        self.assertEqual(res.returncode, 0, res.stdout)
        text = read(out)
        # recorded before deferrals and triggers were counted: "-"
        self.assertIn("| on | 1 | targeted | 31 | 0 | 29 | 0 | 22 | - | - | 5 |", text)
        self.assertIn("| on | 1 | targeting off | 31 | 0 | 35 | 6 | 22 | - | - | 0 |", text)
        self.assertIn("identical in every row", text)
        self.assertEqual(read(os.path.join(self.tmp, "boards.dat")),
                         "# board/fw_devlink targeted targeting-off stock\n"
                         "orangepi-pc/on 29 35 -\n")

    def test_deferrals_and_global_triggers_are_tabled(self):
        self.copy("boards")
        self.edit(PAIR + "-on", "count attempts=29 ", "count attempts=29 deferrals=7 triggers=2 ")
        run("boards-report", self.tmp, os.path.join(self.tmp, "BOARDS.md"))
        self.assertIn("| on | 1 | targeted | 31 | 0 | 29 | 0 | 22 | 7 | 2 | 5 |",
                      read(os.path.join(self.tmp, "BOARDS.md")))

    def test_a_lost_device_fails(self):
        self.copy("boards")
        self.edit(PAIR + "-on", "bound platform /soc/pinctrl@1c20800 sun8i-h3-pinctrl\n", "")
        res = run("boards-report", self.tmp, os.path.join(self.tmp, "BOARDS.md"))
        self.assertEqual(res.returncode, 1)
        self.assertIn("FAIL: orangepi-pc, fw_devlink=on, 1 vCPU: bound sets differ", res.stdout)
        self.assertIn("DIFFERENT", read(os.path.join(self.tmp, "BOARDS.md")))

    def test_more_attempts_fail_at_one_vcpu_only(self):
        self.copy("boards")
        for cpus in (1, 4):
            self.edit(f"on-{cpus}cpu-orangepi-pc-on", "count attempts=29 ", "count attempts=36 ")
        bad = []
        for (mode, cpus), runs in report.boots(self.tmp)["orangepi-pc"].items():
            bad += report.judge("orangepi-pc", mode, cpus, runs)
        self.assertEqual(bad, ["orangepi-pc, fw_devlink=on, 1 vCPU: 36 attempts targeted, "
                               "35 with targeting off"])

    def test_a_boot_that_did_not_report_fails(self):
        self.copy("boards")
        self.edit(PAIR + "-off", "\nend\n", "\n")
        runs = report.boots(self.tmp)["orangepi-pc"][("on", 1)]
        self.assertEqual(report.judge("orangepi-pc", "on", 1, runs),
                         ["orangepi-pc, fw_devlink=on, 1 vCPU: a boot did not report"])

    def test_the_stock_kernel_is_judged_when_booted(self):
        self.copy("boards")
        for ext in ("ktap", "console"):
            os.rename(os.path.join(self.tmp, f"{PAIR}-off.{ext}"),
                      os.path.join(self.tmp, f"{PAIR}-stock.{ext}"))
            shutil.copy(recorded("boards", f"{PAIR}-off.{ext}"), self.tmp)
        self.edit(PAIR + "-stock", "bound platform /leds leds-gpio\n", "")
        self.edit(PAIR + "-stock", "count attempts=35 ", "count attempts=28 ")
        runs = report.boots(self.tmp)["orangepi-pc"][("on", 1)]
        self.assertEqual(sorted(runs), ["off", "on", "stock"])
        bad = report.judge("orangepi-pc", "on", 1, runs)
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("only on the stock kernel []", bad[0])
        self.assertIn("29 attempts targeted, 28 on the stock kernel", bad[1])

    def test_times_to_init_are_medians_and_ratios_to_stock(self):
        for kernel, secs in (("stock", (1.0, 1.1, 0.9)), ("on", (0.95, 0.97, 2.0)),
                             ("off", (1.0, 1.0, 1.0))):
            for i, t in enumerate(secs, 1):
                with open(os.path.join(self.tmp, f"time-1cpu-icount-sabrelite-{kernel}-{i}.console"),
                          "w") as f:
                    f.write(f"[    0.000000] Booting Linux\n[{t:13.6f}] Run /init as init process\n")
        times = report.init_times(self.tmp)
        self.assertEqual(sorted(times[("sabrelite", 1, "icount")]["on"]), [0.95, 0.97, 2.0])
        text = report.time_section(times)
        self.assertIn("| sabrelite | 1 | instructions | stock | 3 | 1.000 s | 1.000 | "
                      "0.900 .. 1.100 | stock spread |", text)
        self.assertIn("| sabrelite | 1 | instructions | targeted | 3 | 0.970 s | 0.970 | "
                      "0.950 .. 2.000 | within stock's spread |", text)
        self.assertEqual(report.time_section({}), "")

    def test_times_outside_stocks_spread_are_slower_or_faster(self):
        self.assertEqual(report.verdict("on", [1.2, 1.3], [1.0, 1.1]), "slower")
        self.assertEqual(report.verdict("off", [0.8, 0.9], [1.0, 1.1]), "faster")
        self.assertEqual(report.verdict("on", [1.05, 1.2], [1.0, 1.1]), "within stock's spread")
        # boots named before the clock was: the host's
        with open(os.path.join(self.tmp, "time-4cpu-raspi3b-on-1.console"), "w") as f:
            f.write("[    2.500000] Run /init as init process\n")
        self.assertEqual(report.init_times(self.tmp), {("raspi3b", 4, "host"): {"on": [2.5]}})

    def test_last_binds_are_tabled_beside_times_to_init(self):
        for kernel, init, last in (("stock", 0.5, 2.0), ("on", 0.5, 1.5)):
            name = os.path.join(self.tmp, f"time-1cpu-icount-sabrelite+modules-{kernel}-1")
            with open(name + ".console", "w") as f:
                f.write(f"[{init:13.6f}] Run /init as init process\n")
            with open(name + ".ktap", "w") as f:
                f.write(f"modules loaded=3 failed=0\ncount attempts=1\nlastbind {last:.6f}\nend\n")
        binds = report.bind_times(self.tmp)
        self.assertEqual(binds, {("sabrelite+modules", 1, "icount"): {"stock": [2.0], "on": [1.5]}})
        text = report.time_section(report.init_times(self.tmp), binds)
        self.assertIn("### To the last bind", text)
        self.assertIn("| sabrelite+modules | 1 | instructions | targeted | 1 | 1.500 s | 0.750 | "
                      "0.750 .. 0.750 | faster |", text)
        self.assertEqual(report.time_plot_data(report.init_times(self.tmp), binds),
                         "# board/vCPUs init-targeted lastbind-targeted lastbind-off\n"
                         "sabrelite+modules/1 1.0000 0.7500 -\n")
        # without last binds, only the times to /init
        self.assertNotIn("last bind\n", report.time_section(report.init_times(self.tmp), {}))

    def modules_runs(self, line):
        """The recorded pair as a modules boot whose guest reported @line."""
        self.copy("boards")
        for kernel in ("on", "off"):
            for ext in ("ktap", "console"):
                os.rename(os.path.join(self.tmp, f"{PAIR}-{kernel}.{ext}"),
                          os.path.join(self.tmp, f"on-1cpu-orangepi-pc+modules-{kernel}.{ext}"))
            if line:
                self.edit(f"on-1cpu-orangepi-pc+modules-{kernel}", "\nend\n", f"\n{line}\nend\n")
        return report.boots(self.tmp)["orangepi-pc+modules"][("on", 1)]

    def test_a_modules_boot_must_load_its_modules(self):
        runs = self.modules_runs("modules loaded=6 failed=0")
        self.assertEqual(report.judge("orangepi-pc+modules", "on", 1, runs), [])
        self.assertEqual(report.board_dts("orangepi-pc+modules"), "sun8i-h3-orangepi-pc")

    def test_a_modules_boot_counts_are_not_judged(self):
        runs = self.modules_runs("modules loaded=6 failed=0")
        runs["on"]["counts"]["attempts"] = runs["off"]["counts"]["attempts"] + 1
        self.assertEqual(report.judge("orangepi-pc+modules", "on", 1, runs), [])

    def test_a_modules_device_lost_without_an_error_fails(self):
        runs = self.modules_runs("modules loaded=6 failed=0")
        dev = ("platform", "/leds", "leds-gpio")
        runs["on"]["bound"].remove(dev)
        bad = report.judge("orangepi-pc+modules", "on", 1, runs)
        self.assertEqual(len(bad), 1, bad)
        self.assertIn("only with targeting off [('platform', '/leds', 'leds-gpio')]", bad[0])
        # the same device, its probe failed with an error: a driver's race
        runs["on"]["console"] += "[    2.061241] leds-gpio leds: error -6: no irq\n"
        self.assertEqual(report.judge("orangepi-pc+modules", "on", 1, runs), [])
        self.assertEqual(report.differences("orangepi-pc+modules", "on", 1, runs),
                         ["- fw_devlink=on, 1 vCPU: `/leds` (leds-gpio) bound by targeting off "
                          "only: on the targeted kernel `leds-gpio leds: error -6: no irq`\n"])

    def test_a_modules_device_only_the_targeted_kernel_bound_is_listed(self):
        runs = self.modules_runs("modules loaded=6 failed=0")
        runs["off"]["bound"].remove(("platform", "/leds", "leds-gpio"))
        self.assertEqual(report.judge("orangepi-pc+modules", "on", 1, runs), [])
        self.assertEqual(report.differences("orangepi-pc+modules", "on", 1, runs),
                         ["- fw_devlink=on, 1 vCPU: `/leds` (leds-gpio) bound by targeted only\n"])
        # built in, the same difference fails
        self.assertEqual(len(report.judge("orangepi-pc", "on", 1, runs)), 1)

    def skewed(self, attempts):
        """The modules pair and a stock boot (targeting off's), each booted
        again per skew: @attempts {kernel: [unskewed, skew 1, ...]}."""
        self.modules_runs("modules loaded=6 failed=0")
        base = os.path.join(self.tmp, "on-1cpu-orangepi-pc+modules")
        for ext in ("ktap", "console"):
            shutil.copy(f"{base}-off.{ext}", f"{base}-stock.{ext}")
        for kernel, counts in attempts.items():
            for skew, n in enumerate(counts):
                name = f"{kernel}-skew{skew}" if skew else kernel
                if skew:
                    for ext in ("ktap", "console"):
                        shutil.copy(f"{base}-{kernel}.{ext}", f"{base}-{name}.{ext}")
                path = f"{base}-{name}.ktap"
                with open(path) as f:
                    text = re.sub(r"count attempts=\d+ ", f"count attempts={n} ", f.read())
                with open(path, "w") as f:
                    f.write(text)

    def test_skewed_boots_are_each_kernels_spread(self):
        self.skewed({"on": [36, 30, 33], "off": [35, 35, 35], "stock": [34, 31, 38]})
        spread = report.spreads(self.tmp, report.boots(self.tmp))
        runs = spread["orangepi-pc+modules"][("on", 1)]
        self.assertEqual([b["counts"]["attempts"] for b in runs["on"]], [36, 30, 33])
        text, bad = report.spread_section("orangepi-pc+modules", spread["orangepi-pc+modules"])
        self.assertEqual(bad, [])
        self.assertIn("| on | 1 | stock | 3 | 34 | 31 .. 38 | 22 | 22 .. 22 | stock spread |", text)
        self.assertIn("| on | 1 | targeted | 3 | 33 | 30 .. 36 | 22 | 22 .. 22 | "
                      "within stock's spread |", text)
        # the built-in variant has no skewed boots: no table
        self.assertEqual(report.spread_section("orangepi-pc", {}), ("", []))

    def test_a_targeted_median_above_the_stock_retrys_range_fails(self):
        self.skewed({"on": [36, 39, 33], "stock": [34, 31, 35]})
        res = run("boards-report", self.tmp, os.path.join(self.tmp, "BOARDS.md"))
        self.assertEqual(res.returncode, 1)
        self.assertIn("FAIL: orangepi-pc+modules, fw_devlink=on, 1 vCPU, skewed: targeted "
                      "median attempts above the stock retry's range", res.stdout)
        self.assertIn("| on | 1 | targeted | 3 | 36 | 33 .. 39 | 22 | 22 .. 22 | "
                      "attempts more, probe() calls within stock's spread |",
                      read(os.path.join(self.tmp, "BOARDS.md")))

    def test_a_modules_boot_that_loaded_none_fails(self):
        runs = self.modules_runs(None)
        bad = report.judge("orangepi-pc+modules", "on", 1, runs)
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("targeted: modules not loaded", bad[0])

    def test_a_module_that_failed_to_load_fails(self):
        runs = self.modules_runs("error module kernel/x.ko not loaded\nmodules loaded=5 failed=1")
        bad = report.judge("orangepi-pc+modules", "on", 1, runs)
        self.assertIn("orangepi-pc+modules, fw_devlink=on, 1 vCPU, targeted: "
                      "module kernel/x.ko not loaded", bad)
        self.assertIn("failed", bad[1])

    def test_targeting_off_widens_the_stock_retrys_range(self):
        self.skewed({"on": [36, 37, 33], "off": [36, 38, 35], "stock": [34, 31, 35]})
        spread = report.spreads(self.tmp, report.boots(self.tmp))["orangepi-pc+modules"]
        text, bad = report.spread_section("orangepi-pc+modules", spread)
        self.assertEqual(bad, [])
        self.assertIn("| on | 1 | targeted | 3 | 36 | 33 .. 37 | 22 | 22 .. 22 | attempts within "
                      "the stock retry's spread, probe() calls within stock's spread |", text)

    def test_no_boots_is_an_error(self):
        res = run("boards-report", self.tmp, os.path.join(self.tmp, "BOARDS.md"))
        self.assertNotEqual(res.returncode, 0)
        self.assertIn("no boots", res.stderr)
