// SPDX-License-Identifier: GPL-2.0
/* snd_i2c - the sound card's I2C bus, with the two codec clients on it. */
#include <linux/i2c.h>

#include "snd.h"

struct snd_i2c {
	struct i2c_adapter adap;
	struct i2c_client *codec[2];
};

static int snd_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return -EIO;
}

static u32 snd_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm snd_algo = {
	.master_xfer = snd_xfer,
	.functionality = snd_func,
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
	si->adap.owner = THIS_MODULE;
	si->adap.algo = &snd_algo;
	si->adap.nr = SND_I2C_BUS;
	si->adap.dev.parent = &pdev->dev;
	strscpy(si->adap.name, "snd-i2c", sizeof(si->adap.name));
	ret = i2c_add_numbered_adapter(&si->adap);
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

static struct platform_device *snd_pdev;

static int __init snd_i2c_init(void)
{
	int ret = platform_driver_register(&snd_driver);

	if (ret)
		return ret;
	snd_pdev = platform_device_register_simple("snd-i2c", -1, NULL, 0);
	if (IS_ERR(snd_pdev)) {
		platform_driver_unregister(&snd_driver);
		return PTR_ERR(snd_pdev);
	}
	return 0;
}
module_init(snd_i2c_init);

static void __exit snd_i2c_exit(void)
{
	platform_device_unregister(snd_pdev);
	platform_driver_unregister(&snd_driver);
}
module_exit(snd_i2c_exit);

MODULE_DESCRIPTION("Sound card scenario: the I2C bus with two codecs");
MODULE_LICENSE("GPL");
