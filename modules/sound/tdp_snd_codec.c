// SPDX-License-Identifier: GPL-2.0
/*
 * snd_codec - the driver of both I2C codecs.  With gpio=1 the first codec
 * also provides a one-line GPIO expander, labelled SND_CODEC_GPIO_LABEL,
 * which switches the speaker amplifier on.
 */
#include <linux/gpio/driver.h>
#include <linux/i2c.h>

#include "snd.h"

static bool gpio;
module_param(gpio, bool, 0444);
MODULE_PARM_DESC(gpio, "provide the GPIO expander the amplifier uses");

static struct gpio_chip snd_gpio_chip = TDP_GPIO_EXPANDER(SND_CODEC_GPIO_LABEL);

static int snd_codec_probe(struct i2c_client *client)
{
	if (!gpio || client->addr != SND_CODEC0_ADDR)
		return 0;
	snd_gpio_chip.parent = &client->dev;
	return devm_gpiochip_add_data(&client->dev, &snd_gpio_chip, NULL);
}

static const struct i2c_device_id snd_codec_ids[] = {
	{ "snd-codec" },
	{ }
};
MODULE_DEVICE_TABLE(i2c, snd_codec_ids);

static struct i2c_driver snd_codec_driver = {
	.driver = { .name = "snd-codec" },
	.probe = snd_codec_probe,
	.id_table = snd_codec_ids,
};
module_i2c_driver(snd_codec_driver);

MODULE_DESCRIPTION("Sound card scenario: the codecs");
MODULE_LICENSE("GPL");
