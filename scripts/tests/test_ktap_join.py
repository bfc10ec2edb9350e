# SPDX-License-Identifier: GPL-2.0
"""ktap-join on recorded documents: recorded/ktap/harness (check-harness's,
every case passed) and recorded/ktap/scripts (tests/run's, a case failed)."""
import os

from recorded import Scratch, read, recorded, run, script

ktap_join = script("ktap-join")


class KtapJoin(Scratch):
    def test_read_part_reads_a_suite(self):
        body, ok, name, complete = ktap_join.read_part(recorded("ktap", "scripts"))
        self.assertEqual((ok, name, complete), (False, "scripts", True))
        self.assertEqual(body[1], "    # Subtest: scripts")
        self.assertEqual(body[-1], "    not ok 2 check_web_lost_device_fails")

    def test_main_joins_suites_in_order(self):
        out = os.path.join(self.tmp, "harness")
        r = run("ktap-join", out, recorded("ktap", "harness"), recorded("ktap", "scripts"))
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, "", ""))
        harness = read(recorded("ktap", "harness.ktap")).splitlines()
        scripts = read(recorded("ktap", "scripts.ktap")).splitlines()
        self.assertEqual(read(out + ".ktap").splitlines(),
                         ["KTAP version 1", "1..2"] + harness[2:-2] + ["ok 1 harness"] +
                         scripts[2:-2] + ["not ok 2 scripts", "# tdp: results complete"])
        self.assertEqual(read(out + ".console"), read(recorded("ktap", "harness.console")) +
                         read(recorded("ktap", "scripts.console")))

    def test_missing_part_fails_and_leaves_the_document_incomplete(self):
        out = os.path.join(self.tmp, "harness")
        run("ktap-join", out, recorded("ktap", "harness"), os.path.join(self.tmp, "none"))
        lines = read(out + ".ktap").splitlines()
        self.assertEqual(lines[-1], "not ok 2 none")
        self.assertNotIn("# tdp: results complete", lines)
