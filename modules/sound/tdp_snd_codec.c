// SPDX-License-Identifier: GPL-2.0
/* snd_codec - the driver of both I2C codecs. */
#include <linux/i2c.h>

#include "snd.h"

static int snd_codec_probe(struct i2c_client *client)
{
	return 0;
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
