// SPDX-License-Identifier: GPL-2.0
/*
 * chain - N platform devices "chain.0" ... "chain.N-1", each needing its
 * predecessor bound, registered worst-first (last link first).  Counts the
 * probe() calls it takes until all are bound.
 *
 *   mode=stock      probe() returns -EPROBE_DEFER and says nothing more
 *   mode=declared   probe() declares the predecessor with
 *                   dev_probe_defer_until_bound()
 *   mode=held       the need is declared before the device is added
 *                   (dev_probe_hold_until()), so probe() runs once
 *
 * Read the counters from /sys/module/chain/parameters/.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include "tdp_deferred.h"

static unsigned int n = 10;
module_param(n, uint, 0444);
MODULE_PARM_DESC(n, "number of links");

static char *mode = "stock";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "stock, declared or held");

static atomic_t probes = ATOMIC_INIT(0);
static atomic_t deferrals = ATOMIC_INIT(0);
static atomic_t bound = ATOMIC_INIT(0);

static int get_atomic(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops atomic_ro_ops = { .get = get_atomic };
module_param_cb(probes, &atomic_ro_ops, &probes, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");
module_param_cb(deferrals, &atomic_ro_ops, &deferrals, 0444);
MODULE_PARM_DESC(deferrals, "probe() calls that deferred");
module_param_cb(bound, &atomic_ro_ops, &bound, 0444);
MODULE_PARM_DESC(bound, "links bound");

static struct platform_device **links;

static bool __maybe_unused chain_declared(void)
{
	return !strcmp(mode, "declared");
}

static bool chain_held(void)
{
	return !strcmp(mode, "held");
}

static int chain_probe(struct platform_device *pdev)
{
	struct device *prev;
	char name[32];
	bool ok;

	atomic_inc(&probes);
	if (pdev->id > 0) {
		snprintf(name, sizeof(name), "chain.%d", pdev->id - 1);
		prev = bus_find_device_by_name(&platform_bus_type, NULL, name);
		ok = prev && device_is_bound(prev);
		put_device(prev);
		if (!ok) {
			atomic_inc(&deferrals);
#ifdef DEV_PROBE_DEFER_TARGETED
			if (chain_declared())
				return dev_probe_defer_until_bound(&pdev->dev,
								   &platform_bus_type, name);
#endif
			return -EPROBE_DEFER;
		}
	}
	atomic_inc(&bound);
	return 0;
}

static struct platform_driver chain_driver = {
	.probe = chain_probe,
	.driver = { .name = "chain" },
};

static int chain_hold(struct platform_device *pdev, int id)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	char name[32];
	struct dev_need need = {
		.kind = DEV_NEED_BOUND,
		.subsys = "platform",
		.name = name,
	};

	if (!chain_held() || id == 0)
		return 0;
	snprintf(name, sizeof(name), "chain.%d", id - 1);
	return dev_probe_hold_until(&pdev->dev, &need, 1);
#else
	return chain_held() ? -EOPNOTSUPP : 0;
#endif
}

static void chain_unregister(void)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (links[i])
			platform_device_unregister(links[i]);
}

static int __init chain_init(void)
{
	struct platform_device *pdev;
	int i, ret;

	links = kcalloc(n, sizeof(*links), GFP_KERNEL);
	if (!links)
		return -ENOMEM;
	ret = platform_driver_register(&chain_driver);
	if (ret)
		goto free;

	for (i = n - 1; i >= 0; i--) {
		pdev = platform_device_alloc("chain", i);
		if (!pdev) {
			ret = -ENOMEM;
			goto unregister;
		}
		ret = chain_hold(pdev, i);
		if (!ret)
			ret = platform_device_add(pdev);
		if (ret) {
			platform_device_put(pdev);
			goto unregister;
		}
		links[i] = pdev;
	}
	return 0;

unregister:
	chain_unregister();
	platform_driver_unregister(&chain_driver);
free:
	kfree(links);
	return ret;
}
module_init(chain_init);

static void __exit chain_exit(void)
{
	chain_unregister();
	platform_driver_unregister(&chain_driver);
	kfree(links);
}
module_exit(chain_exit);

MODULE_DESCRIPTION("Chain scenario: each device needs its predecessor bound");
MODULE_LICENSE("GPL");
