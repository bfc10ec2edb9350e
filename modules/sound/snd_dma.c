// SPDX-License-Identifier: GPL-2.0
/*
 * snd_dma - the sound card's DMA engine.  Its channels are usable only
 * once it announces them, which it does from probe (and withdraws on
 * removal): "bound" is not "available" for a provider like this.
 */
#include "tdp_deferred.h"

#include "snd.h"

static void snd_dma_withdraw(void *data)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	dev_resource_withdraw(SND_DMA_RESOURCE);
#endif
}

static int snd_dma_probe(struct platform_device *pdev)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	dev_resource_announce(SND_DMA_RESOURCE);
#endif
	return devm_add_action_or_reset(&pdev->dev, snd_dma_withdraw, NULL);
}

SND_PLATFORM_MODULE("snd-dma", snd_dma_probe);

MODULE_DESCRIPTION("Sound card scenario: the DMA engine");
MODULE_LICENSE("GPL");
