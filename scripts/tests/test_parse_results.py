# SPDX-License-Identifier: GPL-2.0
"""parse-results --console on recorded/kunit/pass.console, the console of a
make bisect boot (no initramfs: the built-in KUnit run and the reboot it
asks for), and on copies of it that a crash cut short or a splat marks.
The tree's kunit_parser comes from cache/linux, as in make check."""
import os

from recorded import Scratch, read, recorded, run

TREE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "cache", "linux")


class ParseResultsConsole(Scratch):
    def setUp(self):
        super().setUp()
        if not os.path.exists(os.path.join(TREE, "tools/testing/kunit/kunit_parser.py")):
            self.skipTest("no kernel tree in cache/linux")
        self.lines = read(recorded("kunit", "pass.console")).splitlines(keepends=True)

    def parse(self, lines):
        out = os.path.join(self.tmp, "boot")
        with open(out + ".console", "w") as f:
            f.writelines(lines)
        r = run("parse-results", TREE, "--console", out)
        return r.returncode, r.stdout.splitlines()[-1]

    def test_a_whole_run_passes(self):
        self.assertEqual(self.parse(self.lines), (0, "127 passed, 0 failed"))

    def test_a_run_cut_short_fails(self):
        cut = next(i for i, l in enumerate(self.lines) if "# Subtest: deferred-probe" in l)
        code, line = self.parse(self.lines[:cut + 20] + ["run-qemu: TIMEOUT after 600s\n"])
        self.assertEqual(code, 1)
        self.assertNotEqual(line.split(", ")[1], "0 failed")

    def test_a_splat_fails_a_passing_run(self):
        at = len(self.lines) // 2
        code, line = self.parse(self.lines[:at] + [
            "[    3.000000] WARNING: CPU: 0 PID: 1 at drivers/base/dd.c:100 x\n"] +
            self.lines[at:])
        self.assertEqual((code, line), (1, "127 passed, 1 failed"))

    def test_stalls_of_every_rcu_flavour_fail(self):
        at = len(self.lines) // 2
        for stall in ("rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:",
                      "rcu: INFO: rcu_preempt self-detected stall on CPU",
                      "rcu: INFO: rcu_preempt detected expedited stalls on CPUs/tasks: {",
                      "INFO: rcu_tasks detected stalls on tasks:"):
            with self.subTest(stall=stall):
                code, line = self.parse(self.lines[:at] + [f"[    3.000000] {stall}\n"] +
                                        self.lines[at:])
                self.assertEqual((code, line), (1, "127 passed, 1 failed"))

    def test_a_qemu_that_failed_to_start_fails(self):
        code, line = self.parse(["run-qemu: QEMU failed to run (exit status 1)\n"])
        self.assertEqual(code, 1)
        self.assertNotEqual(line.split(", ")[1], "0 failed")

    def test_lockdep_turning_itself_off_fails(self):
        at = len(self.lines) // 2
        for splat in ("INFO: trying to register non-static key.",
                      "turning off the locking correctness validator."):
            with self.subTest(splat=splat):
                code, line = self.parse(self.lines[:at] + [f"[    3.000000] {splat}\n"] +
                                        self.lines[at:])
                self.assertEqual((code, line), (1, "127 passed, 1 failed"))

    def expect(self, suites):
        out = os.path.join(self.tmp, "boot")
        with open(out + ".console", "w") as f:
            f.writelines(self.lines)
        r = run("parse-results", TREE, "--console", "expect=" + suites, out)
        return r.returncode, r.stdout.splitlines()[-1]

    def test_an_expected_suite_that_ran_passes(self):
        self.assertEqual(self.expect("deferred-probe,property-entry"),
                         (0, "127 passed, 0 failed"))

    def test_an_expected_suite_that_did_not_run_fails(self):
        self.assertEqual(self.expect("deferred-probe,deferred-probe-tools"),
                         (1, "127 passed, 1 failed"))

    def test_a_console_without_kunit_fails(self):
        code, line = self.parse(self.lines[:100])
        self.assertEqual(code, 1)
        self.assertEqual(line, "0 passed, 2 failed")

    def test_a_console_boot_counts_beside_a_guest_run(self):
        boot = os.path.join(self.tmp, "boot")
        with open(boot + ".console", "w") as f:
            f.writelines(self.lines)
        # a guest run's KTAP: the recorded web verdicts, no splat
        web = os.path.join(self.tmp, "web")
        with open(web + ".ktap", "w") as f:
            f.write(read(recorded("web", "check-web.ktap")))
        with open(web + ".console", "w") as f:
            f.write("")
        r = run("parse-results", TREE, web, "console:" + boot)
        self.assertEqual((r.returncode, r.stdout.splitlines()[-1]),
                         (0, "158 passed, 0 failed"))
