// SPDX-License-Identifier: GPL-2.0
/*
 * cam_lens - the camera's lens (focus motor), an unmodified driver: its
 * probe() gets its power-down line, which the sensor's GPIO expander
 * provides, and returns the getter's error as every driver does.  The
 * module describes the device the way board code does on x86, with a
 * software node whose "powerdown-gpios" refers to the node that names the
 * expander; nothing here says what the lens waits for.
 */
#include <linux/gpio/consumer.h>
#include <linux/gpio/machine.h>
#include <linux/gpio/property.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>

#include "cam.h"
#include "tdp_module.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static int cam_lens_probe(struct platform_device *pdev)
{
	struct gpio_desc *powerdown;

	probes++;
	powerdown = devm_gpiod_get(&pdev->dev, "powerdown", GPIOD_OUT_HIGH);
	if (IS_ERR(powerdown))
		return dev_err_probe(&pdev->dev, PTR_ERR(powerdown),
				     "no power-down line\n");
	dev_info(&pdev->dev, "lens powered through %s\n", CAM_SENSOR_GPIO_LABEL);
	return 0;
}

static struct platform_driver cam_lens_driver = {
	.probe = cam_lens_probe,
	.driver = { .name = "cam-lens" },
};

static const struct software_node cam_gpio_node = {
	.name = CAM_SENSOR_GPIO_LABEL,
};

static const struct property_entry cam_lens_props[] = {
	PROPERTY_ENTRY_GPIO("powerdown-gpios", &cam_gpio_node, 0, GPIO_ACTIVE_HIGH),
	{ }
};

static const struct software_node cam_lens_node = {
	.properties = cam_lens_props,
};

static const struct software_node *cam_lens_nodes[] = {
	&cam_gpio_node, &cam_lens_node, NULL
};

static struct platform_device *cam_lens_pdev;

static int __init cam_lens_init(void)
{
	cam_lens_pdev = tdp_swnode_device_register(&cam_lens_driver, cam_lens_nodes,
					    &cam_lens_node);
	return PTR_ERR_OR_ZERO(cam_lens_pdev);
}
module_init(cam_lens_init);

static void __exit cam_lens_exit(void)
{
	tdp_swnode_device_unregister(cam_lens_pdev, &cam_lens_driver, cam_lens_nodes);
}
module_exit(cam_lens_exit);

MODULE_DESCRIPTION("Camera scenario: the lens, an unmodified GPIO consumer");
MODULE_LICENSE("GPL");
