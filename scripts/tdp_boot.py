# SPDX-License-Identifier: GPL-2.0
"""tdp_boot: read what a device-tree guest reported, write KTAP verdicts.

A guest booted with guest/web/init.c prints "tdp-result: " lines that
scripts/run-qemu collects into OUT.ktap: "count k=v ...", "bound BUS NODE
DRIVER", "deferred LINE", "story EVENT ARGS", "stats BUS/NAME ATTEMPTS DEFERRALS PARKED_US STATE"
(debugfs deferred_probe_stats), "series 0|1", "end".  check-web and
check-board judge such boots; both write their verdicts as one KTAP
suite with write_ktap().
"""
import re

UNITTEST = re.compile(r"### dt-test ### end of unittest - (\d+) passed, (\d+) failed")


def numbers(line):
    """{name: int} of a report line "WORD NAME=N NAME=N..."."""
    return {k: int(v) for k, v in (kv.split("=") for kv in line.split()[1:])}


def load(prefix):
    """What the guest of one boot reported (PREFIX.ktap) and its console
    (PREFIX.console); a boot without both reports nothing."""
    res = {"counts": None, "bound": [], "end": False, "unittest": None,
           "console": "", "story": [], "series": True, "deferred": 0,
           "lastbind": None, "modules": None, "errors": [], "stats": {}}
    try:
        with open(prefix + ".ktap", errors="replace") as f:
            lines = f.read().splitlines()
        with open(prefix + ".console", errors="replace") as f:
            res["console"] = f.read()
    except OSError:
        return res
    for line in lines:
        try:
            parse_line(res, line)
        except (ValueError, IndexError):
            # a line cut or garbled on the console is an error of the boot
            res["errors"].append("garbled report line: " + line)
    m = UNITTEST.search(res["console"])
    if m:
        res["unittest"] = (int(m.group(1)), int(m.group(2)))
    return res


def parse_line(res, line):
    """Add one report line to RES; ValueError or IndexError if garbled."""
    if line.startswith("count "):
        res["counts"] = numbers(line)
    elif line.startswith("bound "):
        res["bound"].append(tuple(line.split()[1:]))
    elif line.startswith("deferred "):
        # one line of devices_deferred when probing settled
        res["deferred"] += 1
    elif line.startswith("stats "):
        # a device that deferred at least once: driver probes started
        f = line.split()
        if len(f) >= 4 and f[2].isdigit():
            res["stats"][f[1]] = int(f[2])
    elif line.startswith("story "):
        res["story"].append(line.split()[1].rstrip(":") + " " +
                            " ".join(line.split()[2:]))
    elif line.startswith("series "):
        # "series 0": a kernel without the series (empty series)
        res["series"] = line != "series 0"
    elif line.startswith("lastbind "):
        # seconds since boot of the last driver_bound() hit
        res["lastbind"] = float(line.split()[1])
    elif line.startswith("modules "):
        # a kernel with modules: how many the guest loaded, failed
        res["modules"] = numbers(line)
    elif line.startswith("error "):
        res["errors"].append(line[len("error "):])
    elif line == "end":
        res["end"] = True


def attempts(res, dev):
    """Driver probes started for @dev ("BUS/NAME") in boot @res: listed in
    deferred_probe_stats if it ever deferred, 1 if it bound without."""
    return res["stats"].get(dev, 1)


def complete(res):
    """Did a boot report its counts to the end, and no error (a module
    that did not load, a settle that did not wait)?"""
    return bool(res["end"] and res["counts"] is not None and not res["errors"])


def missing(res):
    """Why a boot is not complete(), as a diagnostic."""
    if not (res["end"] and res["counts"] is not None):
        return "did not report its counts"
    return "reported: " + "; ".join(res["errors"])


def pair_missing(on, off):
    """Why the targeted boot @on or the boot with targeting off @off is
    not complete(), as one diagnostic ("" when both are)."""
    return "; ".join(f"{k} {missing(r)}" for k, r in (("targeted", on), ("off", off))
                     if not complete(r))


def write_ktap(out, suite, cases, skip_reason):
    """OUT.ktap: one case per (ok, name, diagnostics); diagnostics "SKIP"
    skips the case for @skip_reason, "SKIP: why" for why.  The document is marked complete when
    every "*_reported" case passed."""
    with open(out + ".ktap", "w") as f:
        f.write("KTAP version 1\n1..1\n")
        f.write(f"    KTAP version 1\n    # Subtest: {suite}\n")
        f.write(f"    1..{len(cases)}\n")
        for i, (ok, name, diag) in enumerate(cases, 1):
            # "SKIP", or "SKIP: reason" for a reason of the case's own
            if diag == "SKIP" or diag.startswith("SKIP: "):
                f.write(f"    ok {i} {name} # SKIP {diag[6:] or skip_reason}\n")
                continue
            if not ok and diag:
                f.write(f"    # {name}: {diag}\n")
            f.write(f"    {'ok' if ok else 'not ok'} {i} {name}\n")
        f.write(f"{'ok' if all(c[0] for c in cases) else 'not ok'} 1 {suite}\n")
        # every boot reported: the document is complete
        if all(ok for ok, name, _ in cases if name.endswith("_reported")):
            f.write("# tdp: results complete\n")
