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
 *           none     no dependencies
 *   needs   stock    probe() returns -EPROBE_DEFER
 *           declared probe() declares the unbound ones with
 *                    dev_probe_defer_until()
 *           held     all declared before the device is added, with
 *                    dev_probe_hold_until()
 *   order   best     dependencies first; worst: reverse; random: seed
 *
 * The result is one line in /sys/module/tdp_bench/parameters/result once
 * "done" reads 1.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/random.h>
#include <linux/slab.h>
#include "tdp_deferred.h"

static unsigned int n = 10;
module_param(n, uint, 0444);
MODULE_PARM_DESC(n, "number of devices");
static char *shape = "chain";
module_param(shape, charp, 0444);
MODULE_PARM_DESC(shape, "chain, fanin, diamond, dag or none");
static char *needs = "stock";
module_param(needs, charp, 0444);
MODULE_PARM_DESC(needs, "stock, declared or held");
static char *order = "worst";
module_param(order, charp, 0444);
MODULE_PARM_DESC(order, "best, worst or random");
static unsigned int seed = 1;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "seed for dag and random order");
static unsigned int degree = 2;
module_param(degree, uint, 0444);
MODULE_PARM_DESC(degree, "dependencies per device in a dag");

static char result[256];
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
	bool added;
	char name[16];
};

static struct tdpb_dev *devs;
static atomic_t probes, deferrals, wasted, nbound;
static ktime_t start;

/* Bound as the driver core sees it, i.e. before any bind event. */
static bool tdpb_bound(unsigned int i)
{
	return device_is_bound(&devs[i].pdev->dev);
}

static bool is(const char *param, const char *value)
{
	return !strcmp(param, value);
}

static int tdpb_defer(struct tdpb_dev *d, struct device *dev)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	/* as a driver would: on the stack when few, the bus by pointer */
	struct dev_need few[4], *list = few;
	unsigned int i, k = 0;
	int ret;

	if (!is(needs, "declared"))
		return -EPROBE_DEFER;
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
#else
	return -EPROBE_DEFER;
#endif
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

/* Count binds; the last one stops the clock. */
static int tdpb_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct device *dev = data;
	s64 us;

	if (action != BUS_NOTIFY_BOUND_DRIVER || dev->driver != &tdpb_driver.driver)
		return NOTIFY_DONE;
	if (atomic_inc_return(&nbound) == n) {
		us = ktime_us_delta(ktime_get(), start);
		snprintf(result, sizeof(result),
			 "shape=%s n=%u needs=%s order=%s probes=%d deferrals=%d wasted=%d us=%lld",
			 shape, n, needs, order, atomic_read(&probes),
			 atomic_read(&deferrals), atomic_read(&wasted), us);
		WRITE_ONCE(done, 1);
	}
	return NOTIFY_DONE;
}

static struct notifier_block tdpb_nb = { .notifier_call = tdpb_notify };

static bool tdpb_has_dep(const struct tdpb_dev *d, unsigned int k)
{
	unsigned int m;

	for (m = 0; m < d->ndeps; m++)
		if (d->deps[m] == k)
			return true;
	return false;
}

static int tdpb_deps(struct rnd_state *rnd)
{
	unsigned int i, j, k;

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
			else
				k = prandom_u32_state(rnd) % i;
			/* a dag keeps distinct dependencies only */
			if (!tdpb_has_dep(d, k))
				d->deps[d->ndeps++] = k;
		}
	}
	return 0;
}

static void tdpb_order(unsigned int *seq, struct rnd_state *rnd)
{
	unsigned int i, j, t;

	for (i = 0; i < n; i++)
		seq[i] = is(order, "best") ? i : n - 1 - i;
	if (!is(order, "random"))
		return;
	for (i = n - 1; i > 0; i--) {
		j = prandom_u32_state(rnd) % (i + 1);
		t = seq[i];
		seq[i] = seq[j];
		seq[j] = t;
	}
}

static int tdpb_add(unsigned int i)
{
	struct tdpb_dev *d = &devs[i];
	int ret = 0;

#ifdef DEV_PROBE_DEFER_TARGETED
	if (is(needs, "held") && d->ndeps) {
		struct dev_need *list = kcalloc(d->ndeps, sizeof(*list), GFP_KERNEL);
		unsigned int j;

		if (!list)
			return -ENOMEM;
		for (j = 0; j < d->ndeps; j++) {
			list[j].kind = DEV_NEED_BOUND;
			list[j].subsys = "platform";
			list[j].name = devs[d->deps[j]].name;
		}
		ret = dev_probe_hold_until(&d->pdev->dev, list, d->ndeps);
		kfree(list);
	}
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
	tdpb_order(seq, &rnd);
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
	ret = platform_driver_register(&tdpb_driver);
	if (ret)
		goto notifier;

	start = ktime_get();
	for (i = 0; i < n; i++) {
		ret = tdpb_add(seq[i]);
		if (ret)
			goto driver;
	}
	kvfree(seq);
	return 0;

driver:
	platform_driver_unregister(&tdpb_driver);
notifier:
	bus_unregister_notifier(&platform_bus_type, &tdpb_nb);
out:
	if (devs)
		tdpb_free();
	kvfree(seq);
	return ret;
}
module_init(tdpb_init);

static void __exit tdpb_exit(void)
{
	platform_driver_unregister(&tdpb_driver);
	bus_unregister_notifier(&platform_bus_type, &tdpb_nb);
	tdpb_free();
}
module_exit(tdpb_exit);

MODULE_DESCRIPTION("Deferred probing benchmark: scenario generator");
MODULE_LICENSE("GPL");
