# SPDX-License-Identifier: GPL-2.0
"""check-web's pieces on recorded web boots.

recorded/web: one group of the web booted at fw_devlink=on and
permissive, targeted and with deferred_probe_targeted=0: every claim
holds.  recorded/web-lost: the targeted boot at fw_devlink=on again, with
one EEPROM (/i2c-0/eeprom@51) never bound.
"""
import os
import unittest

from recorded import Scratch, read, recorded, run, script
import tdp_boot  # noqa: E402 (recorded puts scripts/ on the path)

web = script("check-web")


def boots(directory, modes=("on", "permissive"), lost=False):
    """check-web's boots of recorded @directory, (mode, targeted boot, boot
    with targeting off) each; @lost: the targeted fw_devlink=on boot that
    lost a device."""
    targeted = {m: directory for m in modes}
    if lost:
        targeted["on"] = "web-lost"
    return [(m, tdp_boot.load(recorded(targeted[m], f"web-{m}-on")),
             tdp_boot.load(recorded(directory, f"web-{m}-off"))) for m in modes]


def expect():
    """The web's nodes that must end bound."""
    return read(recorded("web", "web.expect")).split()


def failed(cases):
    """The names of the cases that failed."""
    return [name for ok, name, _ in cases if not ok]


class Judge(unittest.TestCase):
    def test_judge_passes_good_boots(self):
        cases = web.judge(boots("web"), expect())
        self.assertEqual(len(cases), 31)
        self.assertEqual(failed(cases), [])
        self.assertNotIn("SKIP", [diag for _, _, diag in cases])

    def test_lost_device_fails(self):
        cases = web.judge(boots("web", modes=("on",), lost=True), expect())
        self.assertEqual(failed(cases), ["web_on_every_web_device_bound",
                                         "web_on_bound_set_as_stock",
                                         "web_on_binds_as_stock"])
        diags = {name: diag for _, name, diag in cases}
        self.assertEqual(diags["web_on_every_web_device_bound"],
                         "unbound: /i2c-0/eeprom@51")
        self.assertIn("('i2c', '/i2c-0/eeprom@51', 'at24')",
                      diags["web_on_bound_set_as_stock"])

    def test_more_than_1_2_attempts_per_bind_fails(self):
        (mode, on, off), = boots("web", modes=("on",))
        on["counts"]["attempts"] = 53
        self.assertEqual(failed(web.judge([(mode, on, off)], expect())),
                         ["web_on_attempts_at_most_1.2_per_bind"])

    def test_more_than_2_probe_calls_per_bind_fails(self):
        bs = boots("web", modes=("permissive",))
        bs[0][1]["counts"]["probes"] = 89
        self.assertEqual(failed(web.judge(bs, expect())),
                         ["web_permissive_at_most_2_probe_calls_per_bind"])

    def test_a_mux_probed_more_than_with_targeting_off_fails(self):
        bs = boots("web", modes=("permissive",))
        bs[0][1]["stats"]["platform/i2c-mux-0"] = 3
        cases = web.judge(bs, expect())
        self.assertEqual(failed(cases),
                         ["web_permissive_i2c_mux_gpio_no_more_probes_than_stock"])
        diags = {name: diag for _, name, diag in cases}
        self.assertEqual(diags["web_permissive_i2c_mux_gpio_no_more_probes_than_stock"],
                         "probes started: targeted 3, targeting off 2")

    def test_a_mux_that_never_deferred_counts_one_probe(self):
        (_, on, off), = boots("web", modes=("permissive",))
        del on["stats"]["platform/i2c-arb-0"]
        self.assertEqual(tdp_boot.attempts(on, "platform/i2c-arb-0"), 1)
        self.assertEqual(tdp_boot.attempts(off, "platform/i2c-arb-0"), 2)
        self.assertEqual(failed(web.judge_muxes("permissive", on, off)), [])

    def test_story_out_of_order_fails(self):
        (mode, on, off), = boots("web", modes=("on",))
        on["story"].remove("deferred_probe_parked dev=regulator-0 how=waiting")
        self.assertEqual(failed(web.judge([(mode, on, off)], expect())),
                         ["web_on_regulator0_story_in_order"])

    def test_kernel_without_the_series_skips_its_claims(self):
        bs = boots("web")
        for _, on, off in bs:
            on["series"] = off["series"] = False
        cases = web.judge(bs, expect())
        skipped = [name for _, name, diag in cases if diag == "SKIP"]
        self.assertEqual(len(skipped), 17)
        self.assertIn("web_permissive_getter_names_the_provider", skipped)
        self.assertIn("web_on_no_more_attempts", [name for _, name, _ in cases])

    def test_built_with_the_series_a_guest_without_it_fails(self):
        bs = boots("web")
        for _, on, off in bs:
            on["series"] = off["series"] = False
        web.BUILT_WITH_SERIES = True
        try:
            cases = web.judge(bs, expect())
        finally:
            web.BUILT_WITH_SERIES = False
        self.assertEqual(len(failed(cases)), 17)
        self.assertIn("web_permissive_getter_names_the_provider", failed(cases))
        self.assertNotIn("SKIP", [diag for _, _, diag in cases])

    def test_first_series_alone_skips_what_the_later_series_add(self):
        web.FIRST_SERIES_ONLY = True
        try:
            cases = web.judge(boots("web"), expect())
        finally:
            web.FIRST_SERIES_ONLY = False
        later = [name for _, name, diag in cases if diag == web.LATER]
        self.assertIn("web_on_amba_match_names_its_clock", later)
        self.assertIn("web_permissive_getter_names_the_provider", later)
        self.assertIn("web_permissive_i2c_mux_gpio_declares_its_parent", later)
        self.assertNotIn("web_on_attempts_at_most_1.2_per_bind", later)
        self.assertEqual(len(cases), 31)
        self.assertEqual(failed(cases), [])

    def test_missing_boot_fails_its_mode_alone(self):
        cases = web.judge(boots("web", modes=("on",)) +
                          [("off", tdp_boot.load(recorded("web", "web-off-on")),
                            tdp_boot.load(recorded("web", "web-off-off")))], expect())
        self.assertEqual(failed(cases), ["web_off_both_boots_reported"])

    def test_boot_reporting_an_error_fails_its_mode(self):
        (mode, on, off), = boots("web", modes=("on",))
        on["errors"].append("settle took 0.060 s, not the 3 s it waits")
        cases = web.judge([(mode, on, off)], expect())
        self.assertEqual(failed(cases), ["web_on_both_boots_reported"])
        self.assertIn("targeted reported: settle took 0.060 s", cases[0][2])

    def test_a_need_met_by_the_time_it_parks_again_counts_as_waited(self):
        (_, on, off), = boots("web", modes=("on",))
        story = ["deferred_probe_need_recorded dev=c need=fwnode:/s",
                 "deferred_probe_parked dev=c how=hinted",
                 "deferred_probe_retry dev=c",
                 "deferred_probe_need_recorded dev=c need=fwnode:/s",
                 "deferred_probe_parked dev=c how=retry",
                 "deferred_probe_retry dev=c"]
        on["story"] = story
        self.assertTrue(web.waited_targeted_only("c", "fwnode:/s", "hinted", on, off))
        # parked for a retry without ever waiting first: not a wait
        on["story"] = story[3:]
        self.assertFalse(web.waited_targeted_only("c", "fwnode:/s", "hinted", on, off))
        # a need recorded with targeting off fails it
        on["story"] = story
        off["story"] = ["deferred_probe_need_recorded dev=c need=fwnode:/s"]
        self.assertFalse(web.waited_targeted_only("c", "fwnode:/s", "hinted", on, off))

    def test_story_lists_the_events_in_order(self):
        want = web.story("vdd-0", "fwnode:/regulator-0", "hinted")
        self.assertEqual(want, ["deferred_probe_need_recorded dev=vdd-0 need=fwnode:/regulator-0",
                                "deferred_probe_parked dev=vdd-0 how=hinted",
                                "deferred_probe_need_met dev=vdd-0 need=fwnode:/regulator-0",
                                "deferred_probe_retry dev=vdd-0"])
        self.assertTrue(web.in_order(["a", "c"], ["a x", "b", "c y"]))
        self.assertFalse(web.in_order(["c", "a"], ["a x", "b", "c y"]))


class Print(Scratch):
    def test_table_counts_each_reported_boot(self):
        rows = web.table(boots("web"))
        self.assertEqual(rows + [""], read(recorded("web", "check-web.counts")).split("\n"))
        self.assertEqual(rows[2], "| on | targeted | 51 | 0 | 12 | 44 | 44 | 1.16 | 34 | 17 |")

    def test_main_writes_the_recorded_ktap(self):
        self.copy("web")
        out = os.path.join(self.tmp, "web")
        r = run("check-web", out, out + ".expect", "on", "permissive")
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertEqual(read(out + ".ktap"), read(recorded("web", "check-web.ktap")))
        self.assertEqual(read(out + ".counts"), read(recorded("web", "check-web.counts")))
        self.assertEqual(r.stdout, read(out + ".counts"))
        self.assertIn("### dt-test ### end of unittest", read(out + ".console"))

    def test_main_fails_a_lost_device_in_ktap(self):
        self.copy("web", "web-lost")
        out = os.path.join(self.tmp, "web")
        run("check-web", out, out + ".expect", "on")
        ktap = read(out + ".ktap")
        self.assertIn("    # web_on_every_web_device_bound: unbound: /i2c-0/eeprom@51\n"
                      "    not ok 3 web_on_every_web_device_bound\n", ktap)
        self.assertIn("\nnot ok 1 web\n", ktap)
