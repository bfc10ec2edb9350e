// SPDX-License-Identifier: GPL-2.0
/*
 * never_dev - registers platform device "never-0".  Kept apart from its
 * driver so that the device can be deleted while its probe is parked.
 */
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *never_pdev;

static int __init never_dev_init(void)
{
	never_pdev = platform_device_register_simple("never", 0, NULL, 0);
	return PTR_ERR_OR_ZERO(never_pdev);
}
module_init(never_dev_init);

static void __exit never_dev_exit(void)
{
	platform_device_unregister(never_pdev);
}
module_exit(never_dev_exit);

MODULE_DESCRIPTION("Parked-device scenario: the device");
MODULE_LICENSE("GPL");
