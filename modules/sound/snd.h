/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sound card of the deferred-probing story: a machine driver that ties
 * together two I2C codecs, an I2S controller and a DMA engine, each driven
 * by its own module, loaded in any order.
 */
#ifndef SND_H
#define SND_H

#include <linux/module.h>
#include <linux/platform_device.h>

#define SND_I2C_BUS	8
#define SND_CODEC0_ADDR	0x1a
#define SND_CODEC1_ADDR	0x1b
#define SND_DMA_RESOURCE "snd-dma0"

/* One platform device and its driver, registered and removed together. */
#define SND_PLATFORM_MODULE(_name, _probe)				\
static struct platform_driver snd_driver = {				\
	.probe = _probe,						\
	.driver = { .name = _name },					\
};									\
static struct platform_device *snd_pdev;				\
static int __init snd_init(void)					\
{									\
	int ret = platform_driver_register(&snd_driver);		\
									\
	if (ret)							\
		return ret;						\
	snd_pdev = platform_device_register_simple(_name, -1, NULL, 0);\
	if (IS_ERR(snd_pdev)) {						\
		platform_driver_unregister(&snd_driver);		\
		return PTR_ERR(snd_pdev);				\
	}								\
	return 0;							\
}									\
module_init(snd_init);							\
static void __exit snd_exit(void)					\
{									\
	platform_device_unregister(snd_pdev);				\
	platform_driver_unregister(&snd_driver);			\
}									\
module_exit(snd_exit)

#endif
