# SPDX-License-Identifier: GPL-2.0
"""profile-report on recorded counts: recorded/profile/System.map (two text
functions, a data symbol, a static function defined twice), base.tb and
other.tb (the same blocks, one run twice more often, and one block below
the text)."""
import os
import subprocess
import tempfile
import unittest

from recorded import SCRIPTS, recorded, run, script

profile_report = script("profile-report")
MAP = recorded("profile", "System.map")


class ProfileReport(unittest.TestCase):
    def test_load_symbols_keeps_text_only(self):
        addrs, names = profile_report.load_symbols(MAP)
        self.assertEqual(names, ["_stext", "probe_path", "driver_bound", "helper", "helper"])
        self.assertEqual(addrs, sorted(addrs))

    def test_function_of_buckets_what_is_not_text(self):
        addrs, names = profile_report.load_symbols(MAP)
        self.assertEqual(profile_report.function_of(addrs, names, 0xffffffff81000110),
                         "probe_path")
        self.assertEqual(profile_report.function_of(addrs, names, 0x400000), "[user]")
        self.assertEqual(profile_report.function_of(addrs, names, 0xffffffffa0001000),
                         "[modules]")
        self.assertEqual(profile_report.function_of(addrs, names, 0xffffffff80fff000),
                         "[unknown]")

    def test_count_adds_blocks_and_namesakes(self):
        per = profile_report.count(recorded("profile", "base.tb"), MAP)
        self.assertEqual(per["probe_path"], 10 * 3 + 5 * 2)
        self.assertEqual(per["driver_bound"], 40)
        self.assertEqual(per["helper"], 2 + 3)
        self.assertEqual(per["[user]"], 200)
        self.assertEqual(per["[modules]"], 7)

    def test_report_ranks_by_difference_per_unit(self):
        r = run("profile-report", "2", "stock=" + recorded("profile", "base.tb") + ":" + MAP,
                "patched=" + recorded("profile", "other.tb") + ":" + MAP)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], "| function | stock | patched | difference |")
        self.assertEqual(lines[2], "| probe_path | 20.0 | 25.0 | +5.0 |")
        self.assertEqual(lines[3], "| [unknown] | 0.0 | 0.5 | +0.5 |")
        self.assertEqual(lines[-1], "| total | 146.0 | 151.5 | +5.5 |")

    def test_report_rows_from_the_environment(self):
        r = run("profile-report", "2", "stock=" + recorded("profile", "base.tb") + ":" + MAP,
                "patched=" + recorded("profile", "other.tb") + ":" + MAP,
                env=dict(os.environ, PROFILE_ROWS="1"))
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 4, lines)
        self.assertEqual(lines[2], "| probe_path | 20.0 | 25.0 | +5.0 |")
        self.assertEqual(lines[3], "| total | 146.0 | 151.5 | +5.5 |")

    def test_report_without_other_lists_the_base(self):
        r = run("profile-report", "1", "stock=" + recorded("profile", "base.tb") + ":" + MAP)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], "| function | stock |")
        self.assertEqual(lines[2], "| [user] | 200.0 |")

    def test_plugin_builds_without_warnings(self):
        with tempfile.TemporaryDirectory() as tmp:
            so = os.path.join(tmp, "tb-count.so")
            r = subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-shared", "-fPIC",
                                "-o", so, os.path.join(SCRIPTS, "tb-count.c")],
                               capture_output=True, text=True)
            self.assertEqual((r.returncode, r.stderr), (0, ""))
            self.assertTrue(os.path.getsize(so) > 0)
