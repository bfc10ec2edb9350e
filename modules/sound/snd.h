/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sound card of the deferred-probing story: a machine driver that ties
 * together two I2C codecs, an I2S controller and a DMA engine, each driven
 * by its own module, loaded in any order.
 */
#ifndef SND_H
#define SND_H

#include "tdp_module.h"

#define SND_I2C_BUS	8
#define SND_CODEC0_ADDR	0x1a
#define SND_CODEC1_ADDR	0x1b
#define SND_DMA_PROVIDER "snd-dma0"
/* codec 0's GPIO expander (gpio=1), as the amplifier's software node names it */
#define SND_CODEC_GPIO_LABEL	"snd-codec-gpio"

/* One platform device and its driver, registered and removed together. */
#define SND_PLATFORM_MODULE(_name, _probe)				\
static struct platform_driver snd_driver = {				\
	.probe = _probe,						\
	.driver = { .name = _name },					\
};									\
TDP_PLATFORM_MODULE(snd_driver)

#endif
