# SPDX-License-Identifier: GPL-2.0
"""dts-graph's pieces on a recorded board (recorded/dt/board.dts): a
clock controller, pins, a GPIO chip, a UART, an I2C sensor on a GPIO
interrupt and a regulator, a display and a bridge that name each other
through their ports (a cycle) and a disabled node; recorded/dt/board.graph
is what dts-graph wrote for it."""
from recorded import Scratch, read, recorded, run, script

graph = script("dts-graph")


def board():
    """The recorded board's devices and edges, before cycles are broken."""
    root, nodes = graph.parse_dtb(graph.compile_dts(recorded("dt"), "board.dts"))
    return graph.dependencies(root, nodes, graph.phandles(nodes))


def number(devices):
    """Each device's index, by the last part of its path."""
    return {d.path.rsplit("/", 1)[-1]: i for i, d in enumerate(devices)}


class DtsGraph(Scratch):
    def test_parse_dtb_reads_nodes_and_properties(self):
        root, nodes = graph.parse_dtb(graph.compile_dts(recorded("dt"), "board.dts"))
        self.assertEqual(root.path, "/")
        paths = [n.path for n in nodes]
        self.assertIn("/soc/display@7000/port/endpoint", paths)
        cru = nodes[paths.index("/soc/clock-controller@2000")]
        self.assertEqual(cru.u32("#clock-cells"), 1)
        self.assertFalse(nodes[paths.index("/soc/spare@9000")].enabled())

    def test_dependencies_follow_fw_devlink(self):
        devices, edges = board()
        i = number(devices)
        self.assertNotIn("spare@9000", i)            # disabled: no device
        self.assertNotIn("uart-pins", i)             # no compatible: not a device
        self.assertEqual({s for c, s in edges if c == i["uart@5000"]},
                         {i["interrupt-controller@1000"], i["clock-controller@2000"],
                          i["pinctrl@3000"]})       # interrupts, clocks, pinctrl-0
        self.assertEqual({s for c, s in edges if c == i["sensor@48"]},
                         {i["gpio@4000"], i["regulator-vcc"]})
        # endpoints count for the devices that own their ports
        self.assertIn((i["display@7000"], i["bridge@8000"]), edges)
        self.assertIn((i["bridge@8000"], i["display@7000"]), edges)

    def test_cycle_edges_drop_the_edge_closing_a_cycle(self):
        self.assertEqual(graph.cycle_edges(4, {(0, 1), (1, 2), (2, 0), (3, 0)}), [(2, 0)])
        self.assertEqual(graph.cycle_edges(3, {(0, 1), (1, 2)}), [])
        devices, edges = board()
        i = number(devices)
        self.assertEqual(graph.cycle_edges(len(devices), edges),
                         [(i["bridge@8000"], i["display@7000"])])

    def test_main_writes_the_recorded_graph(self):
        r = run("dts-graph", recorded("dt"), "board.dts")
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertEqual(r.stdout, read(recorded("dt", "board.graph")))

    def test_parse_dtb_refuses_what_is_not_a_blob(self):
        with self.assertRaisesRegex(SystemExit, "not a device tree blob"):
            graph.parse_dtb(b"\0" * 40)
