// SPDX-License-Identifier: GPL-2.0
/*
 * held_dev - a platform device and its driver, both named by the "name"
 * parameter, for deferred_probe_needs= rules on the kernel command line
 * that name a device the way DT, ACPI and PCI names look, with ':' in
 * them.  The driver declares nothing: it counts its probe() calls and
 * binds.  With driver=0 the device is registered alone.
 */
#include <linux/module.h>
#include <linux/platform_device.h>

static char *name = "tdp-held";
module_param(name, charp, 0444);
MODULE_PARM_DESC(name, "name of the device and of its driver");

static bool driver = true;
module_param(driver, bool, 0444);
MODULE_PARM_DESC(driver, "register the driver too (0: the device alone)");

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static int held_probe(struct platform_device *pdev)
{
	probes++;
	return 0;
}

static struct platform_driver held_driver = {
	.probe = held_probe,
};

static struct platform_device *held_pdev;

static int __init held_init(void)
{
	int ret;

	held_driver.driver.name = name;
	if (driver) {
		ret = platform_driver_register(&held_driver);
		if (ret)
			return ret;
	}
	held_pdev = platform_device_register_simple(name, -1, NULL, 0);
	if (IS_ERR(held_pdev)) {
		if (driver)
			platform_driver_unregister(&held_driver);
		return PTR_ERR(held_pdev);
	}
	return 0;
}
module_init(held_init);

static void __exit held_exit(void)
{
	platform_device_unregister(held_pdev);
	if (driver)
		platform_driver_unregister(&held_driver);
}
module_exit(held_exit);

MODULE_DESCRIPTION("Command-line scenario: a device named by a parameter");
MODULE_LICENSE("GPL");
