# SPDX-License-Identifier: GPL-2.0
"""recut-stage and recut-commit: the tree after each patch, written from
one tagged tree, committed patch by patch, and checked against pristine
and the final tree."""
import os
import subprocess

from recorded import Scratch, read, run

PRISTINE_C = "int a;\nint old;\n"
FINAL_C = "int a;\nint b;\nint c;\n"
TAGGED_C = ("int a;\n"
            "#if DP >= 1020\n"
            "int b;\n"
            "#endif\n"
            "#if DP >= 1030\n"
            "int c;\n"
            "#elif DP >= 1010\n"
            "int c_early;\n"
            "#endif\n"
            "#if DP < 1020\n"
            "int old;\n"
            "#endif\n")
NEW_H = "#ifdef CONFIG_X\nint x;\n#endif\n"
TAGGED_H = "#if DP >= 1030\n" + NEW_H + "#endif\n"
TAGGED_TXT = "text\n#if DP >= 1020\ndon't stop\n#endif\n"


class Recut(Scratch):
    def git(self, *args):
        return subprocess.run(["git", "-C", self.kernel, *args], check=True,
                              capture_output=True, text=True).stdout

    def write(self, tree, name, text):
        with open(os.path.join(tree, name), "w") as f:
            f.write(text)

    def setUp(self):
        super().setUp()
        self.kernel = os.path.join(self.tmp, "linux")
        subprocess.run(["git", "init", "-q", self.kernel], check=True)
        self.git("config", "user.name", "T")
        self.git("config", "user.email", "t@example.org")
        self.write(self.kernel, "a.c", PRISTINE_C)
        self.write(self.kernel, "doc.txt", "text\n")
        self.write(self.kernel, "other.c", "untouched\n")
        self.git("add", ".")
        self.git("commit", "-q", "-m", "pristine")
        self.git("branch", "pristine")
        self.write(self.kernel, "a.c", FINAL_C)
        self.write(self.kernel, "new.h", NEW_H)
        self.write(self.kernel, "doc.txt", "text\ndon't stop\n")
        self.git("add", ".")
        self.git("commit", "-q", "-m", "final")
        self.final = self.git("rev-parse", "HEAD").strip()
        # the tagged tree: a work tree of the final commit, markers added
        self.tagged = os.path.join(self.tmp, "tagged")
        self.git("worktree", "add", "-q", "--detach", self.tagged, "HEAD")
        self.write(self.tagged, "a.c", TAGGED_C)
        self.write(self.tagged, "new.h", TAGGED_H)
        self.write(self.tagged, "doc.txt", TAGGED_TXT)
        self.out = os.path.join(self.tmp, "out")
        self.git("worktree", "add", "-q", "--detach", self.out, "pristine")
        self.msgs = os.path.join(self.tmp, "msg")
        os.makedirs(self.msgs)

    def stage(self, patch):
        result = run("recut-stage", self.tagged, self.out, str(patch))
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_stage_keeps_the_lines_of_its_patches(self):
        self.stage(1010)
        self.assertEqual(read(os.path.join(self.out, "a.c")),
                         "int a;\nint c_early;\nint old;\n")
        self.assertFalse(os.path.exists(os.path.join(self.out, "new.h")))
        self.assertEqual(read(os.path.join(self.out, "doc.txt")), "text\n")
        self.stage(1030)
        self.assertEqual(read(os.path.join(self.out, "a.c")), FINAL_C)
        # configuration tests are kept; text is not parsed as C
        self.assertEqual(read(os.path.join(self.out, "new.h")), NEW_H)
        self.assertEqual(read(os.path.join(self.out, "doc.txt")), "text\ndon't stop\n")
        self.assertEqual(read(os.path.join(self.out, "other.c")), "untouched\n")

    def test_check_passes_when_markers_are_complete(self):
        result = run("recut-stage", "--check", self.tagged, self.final)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_check_names_an_untagged_line(self):
        self.write(self.tagged, "a.c", TAGGED_C + "int stray;\n")
        self.write(self.kernel, "a.c", FINAL_C)
        result = run("recut-stage", "--check", self.tagged, self.final)
        self.assertEqual(result.returncode, 1)
        self.assertIn("a.c at 0 differs from pristine", result.stdout)
        self.assertIn("a.c at 9999 differs", result.stdout)

    def commit_all(self, ids, env=None):
        series = os.path.join(self.tmp, "series")
        with open(series, "w") as f:
            f.write("# series 1-x\n" + "".join(f"{i}\n" for i in ids))
        for i in ids:
            self.write(self.msgs, str(i), f"subsys: patch {i}\n\nWhy {i}.\n")
        return run("recut-commit", self.tagged, os.path.join(self.tmp, "recut"),
                   series, self.msgs, self.final, env=env)

    def test_commit_makes_one_commit_a_patch(self):
        result = self.commit_all([1010, 1020, 1030])
        self.assertEqual(result.returncode, 0, result.stderr)
        log = self.git("log", "--format=%s", "pristine..recut").split("\n")[:-1]
        self.assertEqual(log, ["subsys: patch 1030", "subsys: patch 1020",
                               "subsys: patch 1010"])
        self.assertEqual(self.git("diff", "--stat", self.final, "recut"), "")

    def test_commit_refuses_a_patch_that_changes_nothing(self):
        result = self.commit_all([1010, 1015, 1020, 1030])
        self.assertEqual(result.returncode, 1)
        self.assertIn("1015 changes nothing", result.stderr)

    def test_commit_refuses_to_stop_short_of_the_final_tree(self):
        result = self.commit_all([1010, 1020])
        self.assertEqual(result.returncode, 1)
        self.assertIn("not", result.stderr)
        self.assertIn("new.h", result.stderr)

    def test_commit_dates_every_patch_with_recut_date(self):
        env = dict(os.environ, RECUT_DATE="2026-01-02T03:04:05+00:00")
        result = self.commit_all([1010, 1020, 1030], env=env)
        self.assertEqual(result.returncode, 0, result.stderr)
        dates = self.git("log", "--format=%aI %cI", "pristine..recut").split()
        self.assertEqual(dates, ["2026-01-02T03:04:05+00:00"] * 6)
