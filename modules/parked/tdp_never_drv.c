// SPDX-License-Identifier: GPL-2.0
/*
 * never_drv - a platform driver whose probe() needs a supplier that never
 * appears, so every device it matches stays parked on the deferred list.
 */
#include <linux/module.h>
#include <linux/platform_device.h>

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static int never_probe(struct platform_device *pdev)
{
	probes++;
	return dev_err_probe(&pdev->dev, -EPROBE_DEFER,
			     "supplier never-supplier not present\n");
}

static struct platform_driver never_driver = {
	.probe = never_probe,
	.driver = { .name = "never" },
};
module_platform_driver(never_driver);

MODULE_DESCRIPTION("Parked-device scenario: the driver that never binds");
MODULE_LICENSE("GPL");
