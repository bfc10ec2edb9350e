// SPDX-License-Identifier: GPL-2.0
/*
 * snd_dma - the sound card's DMA engine.  Its channels are usable only
 * once it announces them, which it does from probe (withdrawn when it
 * unbinds): "bound" is not "available" for a provider like this.
 */
#include "tdp_deferred.h"

#include "snd.h"

static int snd_dma_probe(struct platform_device *pdev)
{
#ifdef DEV_PROBE_DEFER_PROVIDERS
	return devm_dev_provider_announce(&pdev->dev, SND_DMA_PROVIDER);
#else
	return 0;
#endif
}

SND_PLATFORM_MODULE("snd-dma", snd_dma_probe);

MODULE_DESCRIPTION("Sound card scenario: the DMA engine");
MODULE_LICENSE("GPL");
