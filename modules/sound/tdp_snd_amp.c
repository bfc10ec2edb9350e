// SPDX-License-Identifier: GPL-2.0
/*
 * snd_amp - the speaker amplifier, an unmodified driver: probe() gets the
 * line that switches it on, from the first codec's GPIO expander, and
 * returns the getter's error as drivers do.  The device is described the
 * way x86 board code describes one, by a software node whose
 * "enable-gpios" refers to the node that names the expander; nothing here
 * says what the amplifier waits for.
 */
#include <linux/gpio/consumer.h>
#include <linux/gpio/machine.h>
#include <linux/gpio/property.h>
#include <linux/property.h>

#include "snd.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static int snd_amp_probe(struct platform_device *pdev)
{
	struct gpio_desc *enable;

	probes++;
	enable = devm_gpiod_get(&pdev->dev, "enable", GPIOD_OUT_LOW);
	if (IS_ERR(enable))
		return dev_err_probe(&pdev->dev, PTR_ERR(enable),
				     "no enable line\n");
	return 0;
}

static struct platform_driver snd_amp_driver = {
	.probe = snd_amp_probe,
	.driver = { .name = "snd-amp" },
};

static const struct software_node snd_gpio_node = {
	.name = SND_CODEC_GPIO_LABEL,
};

static const struct property_entry snd_amp_props[] = {
	PROPERTY_ENTRY_GPIO("enable-gpios", &snd_gpio_node, 0, GPIO_ACTIVE_HIGH),
	{ }
};

static const struct software_node snd_amp_node = {
	.properties = snd_amp_props,
};

static const struct software_node *snd_amp_nodes[] = {
	&snd_gpio_node, &snd_amp_node, NULL
};

static struct platform_device *snd_amp_pdev;

static int __init snd_amp_init(void)
{
	snd_amp_pdev = tdp_swnode_device_register(&snd_amp_driver, snd_amp_nodes,
					    &snd_amp_node);
	return PTR_ERR_OR_ZERO(snd_amp_pdev);
}
module_init(snd_amp_init);

static void __exit snd_amp_exit(void)
{
	tdp_swnode_device_unregister(snd_amp_pdev, &snd_amp_driver, snd_amp_nodes);
}
module_exit(snd_amp_exit);

MODULE_DESCRIPTION("Sound card scenario: the amplifier, an unmodified GPIO consumer");
MODULE_LICENSE("GPL");
