// SPDX-License-Identifier: GPL-2.0
/* snd_i2c - the sound card's I2C bus, with the two codec clients on it. */
#include <linux/i2c.h>

#include "snd.h"

struct snd_i2c {
	struct i2c_adapter adap;
	struct i2c_client *codec[2];
};

static int snd_i2c_probe(struct platform_device *pdev)
{
	static const unsigned short addrs[] = { SND_CODEC0_ADDR, SND_CODEC1_ADDR };
	struct i2c_board_info info = { I2C_BOARD_INFO("snd-codec", 0) };
	struct snd_i2c *si;
	int i, ret;

	si = devm_kzalloc(&pdev->dev, sizeof(*si), GFP_KERNEL);
	if (!si)
		return -ENOMEM;
	ret = tdp_i2c_add_adapter(&si->adap, &pdev->dev, SND_I2C_BUS, "snd-i2c");
	if (ret)
		return ret;
	for (i = 0; i < 2; i++) {
		info.addr = addrs[i];
		si->codec[i] = i2c_new_client_device(&si->adap, &info);
		if (IS_ERR(si->codec[i])) {
			ret = PTR_ERR(si->codec[i]);
			while (--i >= 0)
				i2c_unregister_device(si->codec[i]);
			i2c_del_adapter(&si->adap);
			return ret;
		}
	}
	platform_set_drvdata(pdev, si);
	return 0;
}

static void snd_i2c_remove(struct platform_device *pdev)
{
	struct snd_i2c *si = platform_get_drvdata(pdev);

	i2c_unregister_device(si->codec[1]);
	i2c_unregister_device(si->codec[0]);
	i2c_del_adapter(&si->adap);
}

static struct platform_driver snd_driver = {
	.probe = snd_i2c_probe,
	.remove = snd_i2c_remove,
	.driver = { .name = "snd-i2c" },
};

TDP_PLATFORM_MODULE(snd_driver);

MODULE_DESCRIPTION("Sound card scenario: the I2C bus with two codecs");
MODULE_LICENSE("GPL");
