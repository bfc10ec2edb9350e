// SPDX-License-Identifier: GPL-2.0
/* snd_i2s - the sound card's I2S controller. */
#include "snd.h"

static int snd_i2s_probe(struct platform_device *pdev)
{
	return 0;
}

SND_PLATFORM_MODULE("snd-i2s", snd_i2s_probe);

MODULE_DESCRIPTION("Sound card scenario: the I2S controller");
MODULE_LICENSE("GPL");
