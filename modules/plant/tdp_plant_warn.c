// SPDX-License-Identifier: GPL-2.0
/* plant_warn - emits one WARNING splat when loaded. */
#include <linux/bug.h>
#include <linux/module.h>

static int __init plant_warn_init(void)
{
	WARN(1, "plant_warn: deliberate splat\n");
	return 0;
}
module_init(plant_warn_init);

static void __exit plant_warn_exit(void)
{
}
module_exit(plant_warn_exit);

MODULE_DESCRIPTION("Harness self-test: a planted WARNING");
MODULE_LICENSE("GPL");
