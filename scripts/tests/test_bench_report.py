# SPDX-License-Identifier: GPL-2.0
"""bench-report's pieces on recorded benchmark runs.

recorded/bench: two rounds of the three kernels (the first with counting
runs; the second boot's file has the serial port's CRLF line ends): every
claim holds.  recorded/bench-miss: one round where the patched kernel's
held chain of 1,000 makes 1,200 probe() calls and its runs without
dependencies are 20% slower.  recorded/bench-broken: a scenario that
timed out in a run that never finished.
"""
import os
import unittest

from recorded import Scratch, read, recorded, run, script

bench = script("bench-report")


def runs(directory, rounds=(1, 2)):
    """The recorded runs of @directory, in make bench's order."""
    return [recorded(directory, f"bench-{k}-{i}") for i in rounds
            for k in ("stock", "off", "on")]


def judged(directory, rounds=(1, 2), clock="icount"):
    """parse, group, attach and judge of recorded runs: (rows, judge())."""
    raw, counted, _ = bench.parse(runs(directory, rounds))
    rows, _ = bench.group(raw)
    return rows, bench.judge(rows, bench.attach(rows, counted), raw, clock)


class Parse(unittest.TestCase):
    def test_parse_reads_timed_and_counting_rows(self):
        raw, counted, errors = bench.parse(runs("bench"))
        self.assertEqual(errors, [])
        self.assertEqual((len(raw), len(counted)), (130, 31))
        self.assertTrue(all("attempts" in r for r in counted))
        # the second boot's CRLF lines parse as the first boot's LF ones
        on2 = [r for r in raw if r["kernel"] == "patched" and r["shape"] == "chain"]
        self.assertEqual(on2[-1]["slab_kb"], 125)
        self.assertIsInstance(on2[-1]["us"], int)

    def test_parse_line_marks_unbound_devices(self):
        row = bench.parse_line("BENCH kernel=stock shape=none n=5 needs=stock "
                               "order=best probes=0 deferrals=0 wasted=0 us=9 unbound=1")
        self.assertEqual((row["kernel"], row["needs"], row["n"]), ("stock", "unbound", 5))
        self.assertIsNone(bench.parse_line("tdp: results complete"))

    def test_parse_reports_a_broken_run(self):
        _, _, errors = bench.parse([recorded("bench-broken", "bench-on-1")])
        run_ = recorded("bench-broken", "bench-on-1")
        self.assertEqual(errors, [
            f"{run_}: BENCH kernel=patched shape=chain n=100 needs=declared "
            "order=worst error=timeout",
            f"{run_}: the guest did not finish the benchmark"])

    def test_group_merges_boots_and_flags_counts_that_differ(self):
        raw, _, _ = bench.parse(runs("bench"))
        rows, problems = bench.group(raw)
        self.assertEqual(problems, [])
        board = [r for r in rows if r.get("board") == "tiny"]
        self.assertEqual({len(r["times"]) for r in board}, {4})   # 2 reps, 2 boots
        raw, _, _ = bench.parse([recorded("bench", "bench-on-1"),
                                 recorded("bench-miss", "bench-on-1")])
        _, problems = bench.group(raw)
        self.assertEqual(len(problems), 1)
        self.assertIn("counts differ between boots: 1000 and 1200 probe() calls",
                      problems[0])

    def test_attach_gives_rows_their_counting_runs(self):
        raw, counted, _ = bench.parse(runs("bench"))
        rows, _ = bench.group(raw)
        pairs = bench.attach(rows, counted)
        self.assertEqual(len(pairs), len(counted))
        stock = bench.one(rows, "chain", 100, "stock", "stock", "worst")
        self.assertEqual((stock["attempts"], stock["wakeups"], stock["triggers"]),
                         (5050, None, 100))
        self.assertEqual(bench.attempts_cells(stock), "5,050 | 0 | 4,950 | - | 100")


class Judge(unittest.TestCase):
    def test_judge_passes_a_good_benchmark(self):
        rows, j = judged("bench")
        self.assertEqual([text for ok, text in j["checks"] if not ok], [])
        self.assertEqual([text for ok, text in j["goals"] if not ok], [])
        self.assertEqual(len(j["goals"]), 10)
        chain = bench.one(rows, "chain", 1000, "declared", "patched", "worst")
        self.assertEqual(j["times"][id(chain)], ("0.009 (0.01..0.01)", "faster"))
        self.assertEqual([v for *_, v in j["overhead"]],
                         ["stock spread", "within noise", "within noise"])
        self.assertEqual(j["scale_ratio"], 10.5)

    def test_judge_flags_a_goal_miss(self):
        _, j = judged("bench-miss", rounds=(1,))
        failed = [text for ok, text in j["checks"] if not ok]
        self.assertEqual(failed, ["chain N=1000 held: 1200 == N = 1000"])
        missed = [text for ok, text in j["goals"] if not ok]
        self.assertEqual(len(missed), 2)
        self.assertTrue(missed[0].startswith("Chain 1000 worst-first: declared 1,999 "
                                             "<= 1,999, held 1,200 == 1,000"))
        self.assertEqual(missed[1], "No-dependency overhead within the "
                                    "stock-against-stock spread")

    def test_judge_does_not_time_short_runs_by_the_host_clock(self):
        rows, j = judged("bench", clock="host")
        short = bench.one(rows, "chain", 100, "held", "patched", "worst")
        self.assertEqual(j["times"][id(short)], ("-", "-"))
        long_ = bench.one(rows, "chain", 1000, "held", "patched", "worst")
        self.assertEqual(j["times"][id(long_)][1], "faster")

    def test_need_costs_divide_the_time_over_stock_by_the_needs(self):
        def row(kernel, needs, times, probes, **kw):
            return dict(kernel=kernel, shape="diamond", n=1000, order="worst",
                        needs=needs, times=times, probes=probes, **kw)
        rows = [row("stock", "stock", [1000, 1100, 1050], 200),
                row("patched", "declared", [1300, 1250, 1400], 199, deps=100),
                row("patched", "held", [1070], 198, deps=100)]
        # (1,300 - 1,050) us and (1,070 - 1,050) us over 100 needs
        self.assertEqual(bench.need_costs(rows, "icount"),
                         [("diamond N=1000", 2500.0, 200.0, 100)])
        self.assertEqual(bench.need_costs(rows, "host"), [])
        # fewer probe() calls than stock's 200, by more than 1%
        rows[2]["probes"] = 197
        self.assertEqual(bench.need_costs(rows, "icount"),
                         [("diamond N=1000", 2500.0, None, 100)])
        md = bench.need_costs_section(bench.need_costs(rows, "icount"))
        self.assertEqual(md[-1], "| diamond N=1000 | 2,500 | - | 100 |")
        self.assertEqual(bench.need_costs_section([]), [])

    def test_verdict_needs_the_whole_range_outside_stock(self):
        self.assertEqual(bench.verdict(0.5, 0.9, 0.95, 1.05), "faster")
        self.assertEqual(bench.verdict(1.06, 1.1, 0.95, 1.05), "slower")
        self.assertEqual(bench.verdict(0.9, 1.1, 0.95, 1.05), "within noise")


class Print(Scratch):
    def report(self, *runs_, clock="icount"):
        """bench-report run on @runs_ into a new directory, with a kernel
        tree that says its package version: (CompletedProcess, directory)."""
        tree = os.path.join(self.tmp, "tree")
        if not os.path.exists(tree):
            os.makedirs(os.path.join(tree, ".git"))
            with open(os.path.join(tree, ".git", "package-version"), "w") as f:
                f.write("6.12.118-1~deb12u1\n")
        out = os.path.join(self.tmp, f"out{len(os.listdir(self.tmp))}")
        os.mkdir(out)
        env = dict(os.environ, BENCH_CLOCK=clock)
        return run("bench-report", tree, out, *runs_, env=env), out

    def test_markdown_prints_the_recorded_report(self):
        rows, j = judged("bench")
        md = bench.markdown("6.12.118-1~deb12u1", "icount", 2, rows, j, [])
        self.assertEqual("\n".join(md), read(recorded("bench", "RESULTS.md")))

    def test_plot_data_has_a_block_per_shape_and_way_of_waiting(self):
        rows, _ = judged("bench")
        data = bench.plot_data(rows, ["chain"])
        self.assertEqual(data, "# chain stock stock\n100 5050\n1000 500500\n\n\n"
                               "# chain patched declared\n100 199\n1000 1999\n\n\n"
                               "# chain patched held\n100 100\n1000 1000\n\n\n")

    def test_main_writes_the_recorded_report_and_passes(self):
        r, out = self.report(*runs("bench"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, read(recorded("bench", "RESULTS.md")) + "\n")
        self.assertEqual(read(os.path.join(out, "RESULTS.md")),
                         read(recorded("bench", "RESULTS.md")))
        self.assertGreater(os.path.getsize(os.path.join(out, "probes.png")), 0)

    def test_main_fails_on_a_goal_miss(self):
        r, _ = self.report(*runs("bench-miss", rounds=(1,)))
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("- FAILED: chain N=1000 held: 1200 == N = 1000\n", r.stdout)
        self.assertIn("| No-dependency overhead within the stock-against-stock "
                      "spread | not met |\n", r.stdout)

    def test_main_fails_on_a_broken_run(self):
        r, _ = self.report(recorded("bench-broken", "bench-on-1"))
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("the guest did not finish the benchmark", r.stdout)

    def test_main_refuses_an_unknown_clock(self):
        r, _ = self.report(*runs("bench"), clock="tsc")
        self.assertEqual((r.returncode, r.stdout), (1, ""))
        self.assertEqual(r.stderr, "bench-report: BENCH_CLOCK=tsc: expected icount or host\n")
