# SPDX-License-Identifier: GPL-2.0
"""tdp_bench: read the benchmark guest's "BENCH kernel=LABEL k=v ..." lines.

guest/bench writes one such line per run of modules/bench to its second
serial port, which scripts/run-qemu saves as RUN.ktap, and "BENCH-END"
when it finished.  bench-report makes bench/RESULTS.md of them;
boards-report reads the replays of the real boards' device trees.
"""
import re

LINE = re.compile(r'^BENCH kernel=(\S+) (.*)$')
# the fields of a BENCH line that are numbers
NUMBERS = ('n', 'probes', 'deferrals', 'wasted', 'us', 'nodes', 'edges',
           'cycles', 'slab_kb', 'deps', 'before_last_kb')


def parse_line(line):
    """The row of one "BENCH kernel=K k=v ..." line, or None."""
    m = LINE.match(line)
    if not m:
        return None
    row = dict(kv.split('=', 1) for kv in m.group(2).split())
    row['kernel'] = m.group(1)
    # devices registered with no driver: a memory baseline
    if row.get('unbound') == '1':
        row['needs'] = 'unbound'
    if 'error' not in row:
        for k in NUMBERS:
            if k in row:
                row[k] = int(row[k])
    return row


def parse(runs):
    """The timed rows, the counting runs' rows, and errors."""
    rows, counted, errors = [], [], []
    for run in runs:
        ended = False
        with open(run + '.ktap', errors='replace') as f:
            for line in f.read().replace('\r', '').splitlines():
                if line.startswith('BENCH-END'):
                    ended = True
                row = parse_line(line)
                if row is None:
                    continue
                if 'error' in row:
                    errors.append(f'{run}: {line}')
                    continue
                (counted if 'attempts' in row else rows).append(row)
        if not ended:
            errors.append(f'{run}: the guest did not finish the benchmark')
    return rows, counted, errors
