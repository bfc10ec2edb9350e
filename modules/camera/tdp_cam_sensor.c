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
#include "tdp_module.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool gpio;
module_param(gpio, bool, 0444);
MODULE_PARM_DESC(gpio, "provide the GPIO expander the lens uses");

static struct gpio_chip cam_gpio_chip = TDP_GPIO_EXPANDER(CAM_SENSOR_GPIO_LABEL);

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
