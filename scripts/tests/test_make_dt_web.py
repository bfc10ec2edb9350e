# SPDX-License-Identifier: GPL-2.0
"""make-dt-web's pieces on a recorded QEMU virt tree (recorded/dt/virt.dts,
cut down to what the web uses); recorded/dt/web-2.dts and web-2.expect
are what make-dt-web wrote from it for two groups."""
import os
import subprocess

from recorded import Scratch, read, recorded, run, script

dt_web = script("make-dt-web")


class MakeDtWeb(Scratch):
    def test_group_consumers_fill_in_the_group(self):
        first, fourth = dt_web.group_consumers(0), dt_web.group_consumers(3)
        self.assertEqual(sorted(first), ["arb", "chain", "clkreg", "delay", "delay2", "gclk",
                                         "i2c", "keys", "leds", "mux", "muxreg", "reg", "vdd"])
        self.assertNotIn("vin-supply", first["reg"])
        self.assertIn("\tvin-supply = <&reg2>;", fourth["reg"])
        self.assertIn("\treg3: regulator-3 {\n", fourth["reg"])
        self.assertIn("clocks = <&{/apb-pclk}>;", fourth["gclk"])
        # the converted multiplexers are group 0's only
        self.assertIn("reg = <0x0 0xc000000 0x0 0x4>;", first["muxreg"])
        self.assertNotIn("muxreg", fourth)
        self.assertNotIn("arb", fourth)
        self.assertNotIn("{k}", "".join(fourth.values()))

    def test_web_writes_the_recorded_tree(self):
        dts, expect = dt_web.web(read(recorded("dt", "virt.dts")), 2)
        self.assertEqual(dts, read(recorded("dt", "web-2.dts")))
        self.assertEqual("".join(e + "\n" for e in expect),
                         read(recorded("dt", "web-2.expect")))

    def test_web_puts_consumers_before_suppliers(self):
        dts, expect = dt_web.web(read(recorded("dt", "virt.dts")), 2)
        self.assertEqual(len(expect), 1 + 2 * 16 + 2)
        sim = dts.index("\tgpio-sim-0 {")
        for node in ("vdd-0 {", "leds-0 {", "i2c-mux-0 {", "i2c-mux-reg-0 {", "i2c-arb-0 {",
                     "regulator-0 {", "gate-clock-0 {"):
            self.assertLess(dts.index(node), sim, node)
        # regulators in descending groups: each waits for the next
        self.assertLess(dts.index("regulator-1 {"), dts.index("regulator-0 {"))
        # a supply chain worst-first, ending on a chain of GPIO chips
        order = [dts.index(n) for n in ("chain-0-2 {", "chain-0-1 {", "chain-0-0 {",
                                        "gpio-delay2-0 {", "gpio-delay-0 {", "gpio-sim-0 {")]
        self.assertEqual(order, sorted(order))
        self.assertIn("vin-supply = <&chain0_1>;", dts)
        self.assertIn("gpio = <&delay2_0 0 0 0>;", dts)

    def test_main_output_compiles(self):
        out = os.path.join(self.tmp, "web-2.dts")
        r = run("make-dt-web", recorded("dt", "virt.dts"), "2", out)
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, "", ""))
        self.assertEqual(read(os.path.join(self.tmp, "web-2.expect")),
                         read(recorded("dt", "web-2.expect")))
        dtc = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", os.devnull, out],
                             capture_output=True, text=True, check=False)
        self.assertEqual(dtc.returncode, 0, dtc.stderr)

    def test_web_refuses_a_tree_without_pl061(self):
        with self.assertRaisesRegex(SystemExit, "no apb-pclk or PL061"):
            dt_web.web("/dts-v1/;\n/ { apb-pclk { }; };\n", 1)
