// SPDX-License-Identifier: GPL-2.0
/*
 * snd_card - the machine driver.  Its probe needs both codecs bound, the
 * I2S controller bound and the DMA engine's channels announced.
 *
 * With declare=1 it says so in one call (all four needs, all required);
 * otherwise it defers the stock way and is retried after every bind.
 */
#include <linux/i2c.h>
#include "tdp_deferred.h"

#include "snd.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool declare;
module_param(declare, bool, 0444);
MODULE_PARM_DESC(declare, "declare the needs instead of a plain deferral");

static bool snd_bound(const struct bus_type *bus, const char *name)
{
	struct device *dev = bus_find_device_by_name(bus, NULL, name);
	bool bound = dev && device_is_bound(dev);

	put_device(dev);
	return bound;
}

static bool snd_dma_available(void)
{
#ifdef DEV_PROBE_DEFER_PROVIDERS
	return dev_provider_available(SND_DMA_PROVIDER);
#else
	return snd_bound(&platform_bus_type, "snd-dma");
#endif
}

static int snd_card_probe(struct platform_device *pdev)
{
	char codec0[16], codec1[16];

	probes++;
	snprintf(codec0, sizeof(codec0), "%d-%04x", SND_I2C_BUS, SND_CODEC0_ADDR);
	snprintf(codec1, sizeof(codec1), "%d-%04x", SND_I2C_BUS, SND_CODEC1_ADDR);
	if (snd_bound(&i2c_bus_type, codec0) && snd_bound(&i2c_bus_type, codec1) &&
	    snd_bound(&platform_bus_type, "snd-i2s") && snd_dma_available()) {
		dev_info(&pdev->dev, "sound card ready\n");
		return 0;
	}

#ifdef DEV_PROBE_DEFER_TARGETED
	if (declare) {
		struct dev_need needs[] = {
			{ .kind = DEV_NEED_BOUND, .subsys = "i2c", .name = codec0 },
			{ .kind = DEV_NEED_BOUND, .subsys = "i2c", .name = codec1 },
			{ .kind = DEV_NEED_BOUND, .subsys = "platform", .name = "snd-i2s" },
#ifdef DEV_PROBE_DEFER_PROVIDERS
			{ .kind = DEV_NEED_PROVIDER, .name = SND_DMA_PROVIDER },
#else
			{ .kind = DEV_NEED_BOUND, .subsys = "platform", .name = "snd-dma" },
#endif
		};

		return dev_probe_defer_until(&pdev->dev, needs, ARRAY_SIZE(needs));
	}
#endif
	return dev_err_probe(&pdev->dev, -EPROBE_DEFER, "codecs, I2S or DMA missing\n");
}

SND_PLATFORM_MODULE("snd-card", snd_card_probe);

MODULE_DESCRIPTION("Sound card scenario: the machine driver");
MODULE_LICENSE("GPL");
