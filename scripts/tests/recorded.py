# SPDX-License-Identifier: GPL-2.0
"""recorded: what the host scripts' tests share.

The inputs under scripts/tests/recorded/, one directory per script, are
small reports in the exact formats the guests print: bench/, bench-miss/
and bench-broken/ hold guest/bench's BENCH lines (modules/bench's result
line, slab_kb appended) as run-qemu saves them from ttyS1; web/ and
web-lost/ hold the web guest's consoles (guest/web/init.c's "tdp-result:"
lines) and the .ktap run-qemu cuts out of them; boards/ holds an orangepi-pc's boots as `make boards` saved them (consoles cut to
those lines); dt/ holds device trees;
ktap/ holds KTAP documents as check-harness and tests/run write them;
kunit/ holds the console of a make bisect boot (KUnit built in, no initramfs).
Their counts follow those of bench/RESULTS.md and bench/WEB.md at a small
size.  bench/RESULTS.md, web/check-web.ktap and .counts, dt/board.graph
and dt/web-2.dts and .expect are what the scripts wrote from those inputs
before they were split into pieces: the tests hold the scripts to them.
"""
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
RECORDED = os.path.join(HERE, "recorded")
# the scripts' shared modules (tdp_boot) import as they do in the scripts
sys.path.insert(0, SCRIPTS)


def recorded(*parts):
    """The path of a recorded file or directory."""
    return os.path.join(RECORDED, *parts)


def read(path):
    """A file's text."""
    with open(path) as f:
        return f.read()


def script(name):
    """scripts/NAME loaded as a module, without running its main()."""
    loader = importlib.machinery.SourceFileLoader(
        name.replace("-", "_").replace("/", "_"), os.path.join(SCRIPTS, name))
    module = importlib.util.module_from_spec(
        importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def run(name, *args, env=None):
    """scripts/NAME run with @args: its CompletedProcess, output as text."""
    return subprocess.run([os.path.join(SCRIPTS, name), *args], env=env,
                          capture_output=True, text=True, check=False)


class Scratch(unittest.TestCase):
    """A test with a scratch directory, self.tmp, removed afterwards."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="tdp-test-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def copy(self, *dirs):
        """Copy recorded directories' files into the scratch directory, a
        later one's over an earlier one's."""
        for d in dirs:
            for f in os.listdir(recorded(d)):
                shutil.copy(recorded(d, f), self.tmp)
