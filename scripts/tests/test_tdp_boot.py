# SPDX-License-Identifier: GPL-2.0
"""tdp_boot, shared by check-web and check-board: reading a device-tree
guest's report (recorded/web) and writing KTAP verdicts."""
import os
import unittest

from recorded import Scratch, read, recorded
import tdp_boot  # noqa: E402 (recorded puts scripts/ on the path)


class Load(Scratch):
    def test_load_reads_a_recorded_boot(self):
        boot = tdp_boot.load(recorded("web", "web-on-on"))
        self.assertEqual(boot["counts"], {
            "attempts": 51, "links": 0, "probes": 44, "binds": 44, "held": 12,
            "recorded": 37, "woken": 17, "retries": 34, "overruns": 0})
        self.assertEqual(len(boot["bound"]), 48)
        self.assertIn(("i2c", "/i2c-0/eeprom@51", "at24"), boot["bound"])
        self.assertEqual(boot["story"][1], "deferred_probe_parked dev=9030000.pl061 how=hinted")
        self.assertEqual((boot["unittest"], boot["series"], boot["end"]), ((233, 5), True, True))
        # debugfs deferred_probe_stats: driver probes started per device
        self.assertEqual(boot["stats"]["platform/i2c-mux-0"], 2)
        self.assertEqual(tdp_boot.attempts(boot, "platform/c000000.i2c-mux-reg-0"), 2)
        self.assertEqual(tdp_boot.attempts(boot, "platform/never-deferred"), 1)

    def test_a_garbled_line_is_an_error_of_the_boot(self):
        prefix = os.path.join(self.tmp, "web-on-on")
        ktap = read(recorded("web", "web-on-on") + ".ktap").replace(
            "count attempts=51 links=0", "count attempts=51 li", 1)
        with open(prefix + ".ktap", "w") as f:
            f.write(ktap)
        with open(prefix + ".console", "w") as f:
            f.write(read(recorded("web", "web-on-on") + ".console"))
        boot = tdp_boot.load(prefix)
        self.assertFalse(tdp_boot.complete(boot))
        self.assertIn("garbled report line: count attempts=51 li", boot["errors"][0])

    def test_load_of_a_missing_boot_reports_nothing(self):
        boot = tdp_boot.load(os.path.join(self.tmp, "web-on-on"))
        self.assertEqual((boot["counts"], boot["bound"], boot["end"]), (None, [], False))


class Complete(unittest.TestCase):
    def test_a_boot_is_complete_with_its_counts_to_the_end(self):
        self.assertTrue(tdp_boot.complete(tdp_boot.load(recorded("web", "web-on-on"))))

    def test_an_error_makes_a_boot_incomplete(self):
        boot = tdp_boot.load(recorded("web", "web-on-on"))
        boot["errors"].append("settle took 0.060 s, not the 3 s it waits")
        self.assertFalse(tdp_boot.complete(boot))
        self.assertEqual(tdp_boot.missing(boot),
                         "reported: settle took 0.060 s, not the 3 s it waits")

    def test_a_boot_without_counts_is_incomplete(self):
        boot = tdp_boot.load(os.path.join("/nonexistent", "web-on-on"))
        self.assertFalse(tdp_boot.complete(boot))
        self.assertEqual(tdp_boot.missing(boot), "did not report its counts")


class WriteKtap(Scratch):
    def test_write_ktap_writes_cases_diagnostics_and_skips(self):
        out = os.path.join(self.tmp, "x")
        tdp_boot.write_ktap(out, "x", [(True, "x_reported", ""), (False, "x_b", "why"),
                                       (True, "x_c", "SKIP")], "no series")
        self.assertEqual(read(out + ".ktap"),
                         "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: x\n"
                         "    1..3\n    ok 1 x_reported\n    # x_b: why\n    not ok 2 x_b\n"
                         "    ok 3 x_c # SKIP no series\nnot ok 1 x\n"
                         "# tdp: results complete\n")

    def test_write_ktap_gives_a_skip_its_own_reason(self):
        out = os.path.join(self.tmp, "x")
        tdp_boot.write_ktap(out, "x", [(True, "x_reported", ""), (True, "x_b", "SKIP: later"),
                                       (True, "x_c", "SKIP")], "no series")
        self.assertIn("    ok 2 x_b # SKIP later\n    ok 3 x_c # SKIP no series\n",
                      read(out + ".ktap"))

    def test_write_ktap_is_incomplete_when_a_boot_did_not_report(self):
        out = os.path.join(self.tmp, "x")
        tdp_boot.write_ktap(out, "x", [(False, "x_reported", "no counts")], "")
        self.assertNotIn("# tdp: results complete", read(out + ".ktap"))
