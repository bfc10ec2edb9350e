# SPDX-License-Identifier: GPL-2.0
"""export-series: the commits on top of "pristine" as patches that carry
the exporter's identity, and no one else's."""
import os
import subprocess

from recorded import Scratch, read, run

WHO = ("Ann Exporter", "ann@example.org")


class ExportSeries(Scratch):
    def git(self, *args, env=None):
        subprocess.run(["git", "-C", self.tree, *args], check=True,
                       capture_output=True, env=env)

    def commit(self, name, message):
        with open(os.path.join(self.tree, name), "w") as f:
            f.write(name + "\n")
        self.git("add", name)
        # made by someone else: the patches must not keep that name
        env = dict(os.environ, GIT_AUTHOR_NAME="Someone Else",
                   GIT_AUTHOR_EMAIL="else@example.com",
                   GIT_COMMITTER_NAME="Someone Else",
                   GIT_COMMITTER_EMAIL="else@example.com")
        self.git("commit", "-q", "-m", message, env=env)

    def export(self):
        env = dict(os.environ, GIT_CONFIG_GLOBAL=os.path.join(self.tmp, "gitconfig"),
                   GIT_CONFIG_NOSYSTEM="1")
        subprocess.run(["git", "config", "--global", "user.name", WHO[0]], env=env, check=True)
        subprocess.run(["git", "config", "--global", "user.email", WHO[1]], env=env, check=True)
        return run("export-series", self.tree, self.out, env=env)

    def setUp(self):
        super().setUp()
        self.tree = os.path.join(self.tmp, "tree")
        self.out = os.path.join(self.tmp, "patches")
        os.makedirs(self.out)
        subprocess.run(["git", "init", "-q", self.tree], check=True)
        self.commit("base", "base")
        self.git("branch", "pristine")

    def patches(self):
        return [read(os.path.join(self.out, p))
                for p in read(os.path.join(self.out, "series")).split()]

    def test_patches_take_the_exporters_identity(self):
        self.commit("a", "subsys: one\n\nWhy one.\n\nSigned-off-by: Someone Else <else@example.com>")
        # a last line that only looks like a trailer
        self.commit("b", "subsys: two\n\nWhy two: waits for the other\nnode: its provider.")
        result = self.export()
        self.assertEqual(result.returncode, 0, result.stderr)
        patches = self.patches()
        self.assertEqual(len(patches), 2)
        me = f"{WHO[0]} <{WHO[1]}>"
        for text in patches:
            self.assertIn(f"\nFrom: {me}\n", text)
            self.assertEqual(text.count("Signed-off-by: "), 1)
            self.assertIn(f"\n\nSigned-off-by: {me}\n---\n", text)
            self.assertNotIn("else@example.com", text)

    def test_sign_off_joins_existing_trailers(self):
        self.commit("a", "subsys: one\n\nWhy one.\n\nCc: Reviewer <r@example.org>")
        self.assertEqual(self.export().returncode, 0)
        text = self.patches()[0]
        self.assertIn(f"\nCc: Reviewer <r@example.org>\nSigned-off-by: {WHO[0]} <{WHO[1]}>\n---\n",
                      text)

    def test_cuts_make_series_of_their_own(self):
        for i in range(3):
            self.commit(f"c{i}", f"subsys: change {i}\n\nWhy {i}.")
        with open(os.path.join(self.out, "cuts"), "w") as f:
            f.write("# series, in order\n1-core 2\n2-users 1\n")
        result = self.export()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read(os.path.join(self.out, "series")).split(),
                         ["1-core/0001-subsys-change-0.patch",
                          "1-core/0002-subsys-change-1.patch",
                          "2-users/0001-subsys-change-2.patch"])
        # each series is numbered on its own, and lists its own patches
        self.assertEqual(read(os.path.join(self.out, "2-users", "series")).split(),
                         ["0001-subsys-change-2.patch"])
        self.assertIn("Subject: [PATCH 1/2] subsys: change 0\n", self.patches()[0])
        self.assertIn("Subject: [PATCH] subsys: change 2\n", self.patches()[2])
        for text in self.patches():
            self.assertIn(f"\n\nSigned-off-by: {WHO[0]} <{WHO[1]}>\n---\n", text)

    def test_cuts_must_hold_every_commit(self):
        for i in range(2):
            self.commit(f"c{i}", f"subsys: change {i}\n\nWhy {i}.")
        with open(os.path.join(self.out, "cuts"), "w") as f:
            f.write("1-core 1\n")
        result = self.export()
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("cuts holds 1 commits, the tree 2", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.out, "1-core")))
