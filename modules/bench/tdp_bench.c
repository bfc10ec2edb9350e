// SPDX-License-Identifier: GPL-2.0
/*
 * tdp_bench - scenario generator for the deferred probing benchmark.
 *
 * Registers n platform devices "tdpb.0" ... "tdpb.<n-1>" whose probe()
 * succeeds only once all the devices it depends on are bound, and counts:
 * probe() calls, deferrals, wasted retries (a retry that defers again) and
 * the time from the first registration to the last bind.
 *
 *   shape   chain    i needs i-1
 *           fanin    n-1 needs all the others
 *           diamond  1..n-2 need 0, n-1 needs 1..n-2
 *           dag      i needs up to "degree" random earlier devices (seed)
 *           graph    the edges "C>S,..." (consumer, supplier: a board's
 *                    graph from scripts/dts-graph, cycles broken)
 *           none     no dependencies
 *   needs   stock    probe() returns -EPROBE_DEFER
 *           declared probe() declares the unbound ones with
 *                    dev_probe_defer_until()
 *           held     all declared before the device is added, with
 *                    dev_probe_hold_until()
 *           links    probe() as stock; a managed device link from each
 *                    consumer to each supplier once both are registered
 *                    (DL_FLAG_AUTOPROBE_CONSUMER), as fw_devlink makes
 *   order   best     dependencies first (a topological order); worst:
 *                    the reverse, consumers first; dts: by index, the
 *                    node order of a device tree; random: seed
 *
 * With count=1 it also counts, with kprobes, what the driver core does
 * besides probe(): attach attempts (really_probe() entries for this
 * driver, on the stock kernel as on the patched one) and, where the
 * kernel has targeted deferred probing, targeted wake-ups (events that
 * moved a waiter to the retry list), and global triggers
 * (driver_deferred_probe_trigger() calls, which retry every parked
 * device; the stock kernel makes one per bind).  Kprobes cost
 * time, so counting runs are not the timed ones.
 *
 * The result is one line in /sys/module/tdp_bench/parameters/result once
 * "done" reads 1.
 */
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include "tdp_deferred.h"

static unsigned int n = 10;
module_param(n, uint, 0444);
MODULE_PARM_DESC(n, "number of devices");
static char *shape = "chain";
module_param(shape, charp, 0444);
MODULE_PARM_DESC(shape, "chain, fanin, diamond, dag, graph or none");
static char *needs = "stock";
module_param(needs, charp, 0444);
MODULE_PARM_DESC(needs, "stock, declared, held or links");
static char *order = "worst";
module_param(order, charp, 0444);
MODULE_PARM_DESC(order, "best, worst, dts or random");

/* shape=graph: edges[2 * i] needs edges[2 * i + 1] */
static unsigned int *edges, nedges;

/* "C>S,C>S,...": longer than a charp parameter may be, so parsed here. */
static int tdpb_set_edges(const char *val, const struct kernel_param *kp)
{
	unsigned int c, s, k = 0, max = 1;
	const char *p;
	int len;

	for (p = val; *p; p++)
		max += *p == ',';
	kvfree(edges);
	edges = kvcalloc(2 * max, sizeof(*edges), GFP_KERNEL);
	if (!edges)
		return -ENOMEM;
	for (p = val; *p; p += len + (p[len] == ',')) {
		if (sscanf(p, "%u>%u%n", &c, &s, &len) != 2 ||
		    (p[len] && p[len] != ',' && p[len] != '\n'))
			return -EINVAL;
		edges[2 * k] = c;
		edges[2 * k + 1] = s;
		k++;
		if (p[len] == '\n')
			break;
	}
	nedges = k;
	return 0;
}

static const struct kernel_param_ops tdpb_edges_ops = {
	.set = tdpb_set_edges,
};
module_param_cb(edges, &tdpb_edges_ops, NULL, 0);
MODULE_PARM_DESC(edges, "shape=graph: C>S,... consumer needs supplier");
static unsigned int seed = 1;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "seed for dag and random order");
static unsigned int degree = 2;
module_param(degree, uint, 0444);
MODULE_PARM_DESC(degree, "dependencies per device in a dag");
static bool unbound;
module_param(unbound, bool, 0444);
MODULE_PARM_DESC(unbound, "register no driver: the devices stay unbound (memory baseline)");

static bool count;
module_param(count, bool, 0444);
MODULE_PARM_DESC(count, "count attach attempts and wake-ups with kprobes (untimed)");

static char result[320];
module_param_string(result, result, sizeof(result), 0444);
MODULE_PARM_DESC(result, "the measurement, once done");
static int done;
module_param(done, int, 0444);
MODULE_PARM_DESC(done, "1 once every device is bound");

struct tdpb_dev {
	struct platform_device *pdev;
	unsigned int ndeps;
	unsigned int *deps;
	atomic_t probes;
	bool registered;	/* device_add() got as far as notifying */
	bool added;
	char name[16];
};

static struct tdpb_dev *devs;
static atomic_t probes, deferrals, wasted, nbound;
static atomic_t attempts, wakeups, triggers;
static ktime_t start;
/* slab memory before the first registration and just before the last */
static long slab_start, slab_last;
static unsigned int ndeps_total;

static long tdpb_slab_kb(void)
{
	return (global_node_page_state_pages(NR_SLAB_RECLAIMABLE_B) +
		global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B)) <<
		(PAGE_SHIFT - 10);
}

/* Bound as the driver core sees it, i.e. before any bind event. */
static bool tdpb_bound(unsigned int i)
{
	return device_is_bound(&devs[i].pdev->dev);
}

static bool is(const char *param, const char *value)
{
	return !strcmp(param, value);
}

/*
 * needs=declared and needs=held, read once at load: on the patched kernel
 * the other scenarios run the same code as on the stock kernel, so that
 * the module's own work is not timed as the driver core's.
 */
static bool needs_declared, needs_held;

#ifdef DEV_PROBE_DEFER_TARGETED
static noinline int tdpb_declare(struct tdpb_dev *d, struct device *dev)
{
	/* as a driver would: on the stack when few, the bus by pointer */
	struct dev_need few[4], *list = few;
	unsigned int i, k = 0;
	int ret;

	if (d->ndeps > ARRAY_SIZE(few)) {
		list = kcalloc(d->ndeps, sizeof(*list), GFP_KERNEL);
		if (!list)
			return -EPROBE_DEFER;
	}
	for (i = 0; i < d->ndeps; i++) {
		if (tdpb_bound(d->deps[i]))
			continue;
		list[k] = (struct dev_need) {
			.kind = DEV_NEED_BOUND,
			.bus = &platform_bus_type,
			.name = devs[d->deps[i]].name,
		};
		k++;
	}
	ret = k ? dev_probe_defer_until(dev, list, k) : -EPROBE_DEFER;
	if (list != few)
		kfree(list);
	return ret;
}

static noinline int tdpb_hold(struct tdpb_dev *d)
{
	struct dev_need *list = kcalloc(d->ndeps, sizeof(*list), GFP_KERNEL);
	unsigned int j;
	int ret;

	if (!list)
		return -ENOMEM;
	for (j = 0; j < d->ndeps; j++) {
		list[j].kind = DEV_NEED_BOUND;
		list[j].subsys = "platform";
		list[j].name = devs[d->deps[j]].name;
	}
	ret = dev_probe_hold_until(&d->pdev->dev, list, d->ndeps);
	kfree(list);
	return ret;
}
#endif

static int tdpb_defer(struct tdpb_dev *d, struct device *dev)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	if (needs_declared)
		return tdpb_declare(d, dev);
#endif
	return -EPROBE_DEFER;
}

static int tdpb_probe(struct platform_device *pdev)
{
	struct tdpb_dev *d = &devs[pdev->id];
	unsigned int i;

	atomic_inc(&probes);
	atomic_inc(&d->probes);
	for (i = 0; i < d->ndeps; i++) {
		if (!tdpb_bound(d->deps[i])) {
			atomic_inc(&deferrals);
			if (atomic_read(&d->probes) > 1)
				atomic_inc(&wasted);
			return tdpb_defer(d, &pdev->dev);
		}
	}
	return 0;
}

static struct platform_driver tdpb_driver = {
	.probe = tdpb_probe,
	.driver = { .name = "tdpb" },
};

/* really_probe(dev, drv): an attach attempt, if @drv is ours */
static int tdpb_attempt(struct kprobe *kp, struct pt_regs *regs)
{
	if ((void *)regs_get_kernel_argument(regs, 1) == &tdpb_driver.driver)
		atomic_inc(&attempts);
	return 0;
}

/*
 * deferred_waiter_wake() returned true: a waiter moved to the retry list
 * by an event (the patched kernel only)
 */
static int tdpb_wakeup(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	if ((u8)regs_return_value(regs))
		atomic_inc(&wakeups);
	return 0;
}

/* driver_deferred_probe_trigger(): every parked device is retried */
static int tdpb_trigger(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_inc(&triggers);
	return 0;
}

static struct kprobe tdpb_trigger_kp = {
	.symbol_name = "driver_deferred_probe_trigger",
	.pre_handler = tdpb_trigger,
};

static struct kprobe tdpb_attempt_kp = {
	.symbol_name = "really_probe",
	.pre_handler = tdpb_attempt,
};

static struct kretprobe tdpb_wakeup_kp = {
	.kp.symbol_name = "deferred_waiter_wake",
	.handler = tdpb_wakeup,
	.maxactive = 16,
};

static bool tdpb_attempt_counted, tdpb_wakeup_counted, tdpb_trigger_counted;

/* count=1: probe what can be probed; what cannot is reported as "-" */
static void tdpb_count_start(void)
{
	if (!count)
		return;
	tdpb_attempt_counted = !register_kprobe(&tdpb_attempt_kp);
	if (!tdpb_attempt_counted)
		pr_warn("tdp_bench: cannot count attach attempts\n");
	tdpb_wakeup_counted = !register_kretprobe(&tdpb_wakeup_kp);
	tdpb_trigger_counted = !register_kprobe(&tdpb_trigger_kp);
}

static void tdpb_count_stop(void)
{
	if (tdpb_attempt_counted)
		unregister_kprobe(&tdpb_attempt_kp);
	if (tdpb_wakeup_counted)
		unregister_kretprobe(&tdpb_wakeup_kp);
	if (tdpb_trigger_counted)
		unregister_kprobe(&tdpb_trigger_kp);
	tdpb_attempt_counted = tdpb_wakeup_counted = tdpb_trigger_counted = false;
}

/* " NAME=N", or " NAME=-" where the kernel could not be probed for it */
static int tdpb_count(char *buf, size_t size, const char *name, bool counted,
		      atomic_t *v)
{
	if (!counted)
		return scnprintf(buf, size, " %s=-", name);
	return scnprintf(buf, size, " %s=%d", name, atomic_read(v));
}

/* " attempts=N wakeups=N triggers=N" for a counting run, else nothing */
static void tdpb_counts(char *buf, size_t size)
{
	int len = 0;

	buf[0] = 0;
	if (!count)
		return;
	len += tdpb_count(buf + len, size - len, "attempts",
			  tdpb_attempt_counted, &attempts);
	len += tdpb_count(buf + len, size - len, "wakeups",
			  tdpb_wakeup_counted, &wakeups);
	tdpb_count(buf + len, size - len, "triggers", tdpb_trigger_counted,
		   &triggers);
}

static void tdpb_done(void)
{
	s64 us = ktime_us_delta(ktime_get(), start);
	char counts[64];

	tdpb_counts(counts, sizeof(counts));
	snprintf(result, sizeof(result),
		 "shape=%s n=%u needs=%s order=%s probes=%d deferrals=%d wasted=%d us=%lld deps=%u before_last_kb=%ld%s%s",
		 shape, n, needs, order, atomic_read(&probes),
		 atomic_read(&deferrals), atomic_read(&wasted), us,
		 ndeps_total, slab_last - slab_start, unbound ? " unbound=1" : "",
		 counts);
	WRITE_ONCE(done, 1);
}

/* Count binds; the last one stops the clock. */
static int tdpb_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct device *dev = data;

	if (action != BUS_NOTIFY_BOUND_DRIVER || dev->driver != &tdpb_driver.driver)
		return NOTIFY_DONE;
	if (atomic_inc_return(&nbound) == n)
		tdpb_done();
	return NOTIFY_DONE;
}

static struct notifier_block tdpb_nb = { .notifier_call = tdpb_notify };

static struct tdpb_dev *tdpb_of(struct device *dev)
{
	struct platform_device *pdev;

	if (!dev_is_platform(dev))
		return NULL;
	pdev = to_platform_device(dev);
	if (strcmp(pdev->name, "tdpb") || pdev->id < 0 || pdev->id >= n ||
	    devs[pdev->id].pdev != pdev)
		return NULL;
	return &devs[pdev->id];
}

static void tdpb_link(struct tdpb_dev *c, struct tdpb_dev *s)
{
	if (!device_link_add(&c->pdev->dev, &s->pdev->dev,
			     DL_FLAG_AUTOPROBE_CONSUMER))
		pr_warn("tdp_bench: no link %s -> %s\n", c->name, s->name);
}

/*
 * needs=links: once a device is registered, before its first probe, link
 * it to its registered suppliers and its registered consumers to it, the
 * way fw_devlink turns firmware references into device links.
 */
static int tdpb_add_notify(struct notifier_block *nb, unsigned long action,
			   void *data)
{
	struct tdpb_dev *d = tdpb_of(data);
	unsigned int i, m;

	if (action != BUS_NOTIFY_ADD_DEVICE || !d)
		return NOTIFY_DONE;
	d->registered = true;
	for (m = 0; m < d->ndeps; m++)
		if (devs[d->deps[m]].registered)
			tdpb_link(d, &devs[d->deps[m]]);
	for (i = 0; i < n; i++) {
		if (!devs[i].registered || &devs[i] == d)
			continue;
		for (m = 0; m < devs[i].ndeps; m++)
			if (&devs[devs[i].deps[m]] == d)
				tdpb_link(&devs[i], d);
	}
	return NOTIFY_DONE;
}

static struct notifier_block tdpb_add_nb = { .notifier_call = tdpb_add_notify };

static bool tdpb_has_dep(const struct tdpb_dev *d, unsigned int k)
{
	unsigned int m;

	for (m = 0; m < d->ndeps; m++)
		if (d->deps[m] == k)
			return true;
	return false;
}

static unsigned int tdpb_graph_degree(unsigned int i)
{
	unsigned int e, k = 0;

	for (e = 0; e < nedges; e++)
		k += edges[2 * e] == i;
	return k;
}

/* The j-th supplier of @i in the edge list */
static unsigned int tdpb_graph_supplier(unsigned int i, unsigned int j)
{
	unsigned int e;

	for (e = 0; e < nedges; e++)
		if (edges[2 * e] == i && !j--)
			return edges[2 * e + 1];
	return i;
}

static int tdpb_deps(struct rnd_state *rnd)
{
	unsigned int i, j, k;

	if (is(shape, "graph")) {
		for (k = 0; k < nedges; k++)
			if (edges[2 * k] >= n || edges[2 * k + 1] >= n ||
			    edges[2 * k] == edges[2 * k + 1])
				return -EINVAL;
	}

	for (i = 0; i < n; i++) {
		struct tdpb_dev *d = &devs[i];
		unsigned int max = 0;

		if (is(shape, "chain"))
			max = i ? 1 : 0;
		else if (is(shape, "fanin"))
			max = i == n - 1 ? n - 1 : 0;
		else if (is(shape, "diamond"))
			max = i == 0 ? 0 : i == n - 1 ? n - 2 : 1;
		else if (is(shape, "dag"))
			max = min(i, degree);
		else if (is(shape, "graph"))
			max = tdpb_graph_degree(i);
		else if (!is(shape, "none"))
			return -EINVAL;
		d->deps = kcalloc(max ?: 1, sizeof(*d->deps), GFP_KERNEL);
		if (!d->deps)
			return -ENOMEM;
		for (j = 0; j < max; j++) {
			if (is(shape, "chain"))
				k = i - 1;
			else if (is(shape, "diamond"))
				k = i == n - 1 ? j + 1 : 0;
			else if (is(shape, "fanin"))
				k = j;
			else if (is(shape, "graph"))
				k = tdpb_graph_supplier(i, j);
			else
				k = prandom_u32_state(rnd) % i;
			/* a dag keeps distinct dependencies only */
			if (!tdpb_has_dep(d, k))
				d->deps[d->ndeps++] = k;
		}
	}
	return 0;
}

/*
 * A topological order, suppliers first, lowest index first among the
 * ready ones: what "best" means when indices are not one already.
 */
static int tdpb_topo(unsigned int *seq)
{
	unsigned int *left, i, k, m, done_n = 0;

	left = kvcalloc(n, sizeof(*left), GFP_KERNEL);
	if (!left)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		left[i] = devs[i].ndeps;
	/* quadratic, and fine for the graphs a board has */
	while (done_n < n) {
		for (i = 0; i < n && left[i]; i++)
			;
		if (i == n) {
			kvfree(left);
			return -ELOOP;
		}
		left[i] = UINT_MAX;
		seq[done_n++] = i;
		for (k = 0; k < n; k++)
			for (m = 0; m < devs[k].ndeps; m++)
				if (devs[k].deps[m] == i && left[k] != UINT_MAX)
					left[k]--;
	}
	kvfree(left);
	return 0;
}

static int tdpb_order(unsigned int *seq, struct rnd_state *rnd)
{
	unsigned int i, j, t;
	int ret;

	for (i = 0; i < n; i++)
		seq[i] = is(order, "best") ? i : n - 1 - i;
	if (is(order, "dts")) {
		for (i = 0; i < n; i++)
			seq[i] = i;
		return 0;
	}
	if (is(shape, "graph") && !is(order, "random")) {
		ret = tdpb_topo(seq);
		if (ret || is(order, "best"))
			return ret;
		for (i = 0; i < n / 2; i++) {
			t = seq[i];
			seq[i] = seq[n - 1 - i];
			seq[n - 1 - i] = t;
		}
		return 0;
	}
	if (!is(order, "random"))
		return 0;
	for (i = n - 1; i > 0; i--) {
		j = prandom_u32_state(rnd) % (i + 1);
		t = seq[i];
		seq[i] = seq[j];
		seq[j] = t;
	}
	return 0;
}

static int tdpb_add(unsigned int i)
{
	struct tdpb_dev *d = &devs[i];
	int ret = 0;

#ifdef DEV_PROBE_DEFER_TARGETED
	if (needs_held && d->ndeps)
		ret = tdpb_hold(d);
#endif
	if (!ret)
		ret = platform_device_add(d->pdev);
	d->added = !ret;
	return ret;
}

static void tdpb_free(void)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (devs[i].added)
			platform_device_unregister(devs[i].pdev);
		else
			platform_device_put(devs[i].pdev);
		kfree(devs[i].deps);
	}
	kvfree(devs);
}

static int __init tdpb_init(void)
{
	struct rnd_state rnd;
	unsigned int *seq, i;
	int ret;

	if (!n)
		return -EINVAL;
	needs_declared = is(needs, "declared");
	needs_held = is(needs, "held");
	prandom_seed_state(&rnd, seed);
	devs = kvcalloc(n, sizeof(*devs), GFP_KERNEL);
	seq = kvcalloc(n, sizeof(*seq), GFP_KERNEL);
	if (!devs || !seq) {
		ret = -ENOMEM;
		goto out;
	}
	ret = tdpb_deps(&rnd);
	if (ret)
		goto out;
	ret = tdpb_order(seq, &rnd);
	if (ret)
		goto out;
	for (i = 0; i < n; i++) {
		/* the name platform_device_add() will give it */
		snprintf(devs[i].name, sizeof(devs[i].name), "tdpb.%u", i);
		devs[i].pdev = platform_device_alloc("tdpb", i);
		if (!devs[i].pdev) {
			ret = -ENOMEM;
			goto out;
		}
	}
	ret = bus_register_notifier(&platform_bus_type, &tdpb_nb);
	if (ret)
		goto out;
	if (is(needs, "links")) {
		ret = bus_register_notifier(&platform_bus_type, &tdpb_add_nb);
		if (ret)
			goto notifier;
	}
	ret = unbound ? 0 : platform_driver_register(&tdpb_driver);
	if (ret)
		goto notifier;

	for (i = 0; i < n; i++)
		ndeps_total += devs[i].ndeps;
	tdpb_count_start();
	/*
	 * The previous scenario's devices are still being freed after RCU
	 * grace periods (their sysfs nodes); with more than one vCPU those
	 * frees would land inside this measurement.
	 */
	rcu_barrier();
	slab_start = tdpb_slab_kb();
	start = ktime_get();
	for (i = 0; i < n; i++) {
		if (i == n - 1)
			slab_last = tdpb_slab_kb();
		ret = tdpb_add(seq[i]);
		if (ret)
			goto driver;
	}
	kvfree(seq);
	/* with no driver nothing binds: done once all are registered */
	if (unbound)
		tdpb_done();
	return 0;

driver:
	tdpb_count_stop();
	if (!unbound)
		platform_driver_unregister(&tdpb_driver);
notifier:
	if (is(needs, "links"))
		bus_unregister_notifier(&platform_bus_type, &tdpb_add_nb);
	bus_unregister_notifier(&platform_bus_type, &tdpb_nb);
out:
	if (devs)
		tdpb_free();
	kvfree(seq);
	kvfree(edges);
	return ret;
}
module_init(tdpb_init);

static void __exit tdpb_exit(void)
{
	tdpb_count_stop();
	if (!unbound)
		platform_driver_unregister(&tdpb_driver);
	if (is(needs, "links"))
		bus_unregister_notifier(&platform_bus_type, &tdpb_add_nb);
	bus_unregister_notifier(&platform_bus_type, &tdpb_nb);
	tdpb_free();
	kvfree(edges);
}
module_exit(tdpb_exit);

MODULE_DESCRIPTION("Deferred probing benchmark: scenario generator");
MODULE_LICENSE("GPL");
