// SPDX-License-Identifier: GPL-2.0
/*
 * cam_sensor - the camera's image sensor, an I2C client driver.  Binding
 * needs nothing but the client, which the adapter's board code registers.
 * With gpio=1 it also provides a one-line GPIO expander (the lens's
 * power-down line), labelled CAM_SENSOR_GPIO_LABEL.
 */
#include <linux/gpio/driver.h>
#include <linux/i2c.h>
#include <linux/module.h>

#include "cam.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool gpio;
module_param(gpio, bool, 0444);
MODULE_PARM_DESC(gpio, "provide the GPIO expander the lens uses");

static int cam_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	return 0;
}

static void cam_gpio_set(struct gpio_chip *gc, unsigned int offset, int value)
{
}

static int cam_gpio_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	return 0;
}

static struct gpio_chip cam_gpio_chip = {
	.label = CAM_SENSOR_GPIO_LABEL,
	.owner = THIS_MODULE,
	.base = -1,
	.ngpio = 1,
	.get = cam_gpio_get,
	.set = cam_gpio_set,
	.direction_output = cam_gpio_output,
};

static int cam_sensor_probe(struct i2c_client *client)
{
	probes++;
	dev_info(&client->dev, "sensor at 0x%02x ready\n", client->addr);
	if (!gpio)
		return 0;
	cam_gpio_chip.parent = &client->dev;
	return devm_gpiochip_add_data(&client->dev, &cam_gpio_chip, NULL);
}

static const struct i2c_device_id cam_sensor_ids[] = {
	{ CAM_SENSOR_NAME },
	{ }
};
MODULE_DEVICE_TABLE(i2c, cam_sensor_ids);

static struct i2c_driver cam_sensor_driver = {
	.driver = { .name = CAM_SENSOR_NAME },
	.probe = cam_sensor_probe,
	.id_table = cam_sensor_ids,
};
module_i2c_driver(cam_sensor_driver);

MODULE_DESCRIPTION("Camera scenario: the image sensor");
MODULE_LICENSE("GPL");
