# SPDX-License-Identifier: GPL-2.0
"""tests/run itself: a failing test is a failed KTAP case that says why,
in a document parse-results can read."""
import os
import unittest

from recorded import Scratch, read, run, script

runner = script("tests/run")


def two_tests():
    """A test that passes and one that fails (made here, so that the
    runner's own discovery does not find them)."""
    class Sample(unittest.TestCase):
        def test_holds(self):
            self.assertEqual(1, 1)

        def test_breaks(self):
            self.assertEqual("web_on_bound", "web_on_lost", "a device was lost")

    return [Sample("test_holds"), Sample("test_breaks")]


class Run(Scratch):
    def test_cases_fail_a_failing_test_with_its_reason(self):
        cases, console = runner.cases(two_tests())
        self.assertEqual(cases[0], (True, "run_holds", ""))
        ok, name, diag = cases[1]
        self.assertEqual((ok, name), (False, "run_breaks"))
        self.assertEqual(diag, "AssertionError: 'web_on_bound' != 'web_on_lost'")
        self.assertIn("run_holds: ok\nrun_breaks: Traceback", console)
        self.assertIn("a device was lost", console)

    def test_main_writes_ktap_for_the_cases_named(self):
        out = os.path.join(self.tmp, "scripts")
        result = run("tests/run", out, "ktap_join_read_part_reads_a_suite")
        self.assertEqual((result.returncode, result.stdout), (0, ""))
        self.assertEqual(read(out + ".ktap"),
                         "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: scripts\n"
                         "    1..1\n    ok 1 ktap_join_read_part_reads_a_suite\n"
                         "ok 1 scripts\n# tdp: results complete\n")
