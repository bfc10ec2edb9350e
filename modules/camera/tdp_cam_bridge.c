// SPDX-License-Identifier: GPL-2.0
/*
 * cam_bridge - the camera's DMA bridge, a platform device whose probe()
 * needs the sensor at CAM_SENSOR_ADDR on I2C bus CAM_I2C_BUS to be bound.
 * Until it is, probe() defers and says why.
 */
#include "tdp_module.h"
#include "tdp_deferred.h"
#include "cam.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool declare;
module_param(declare, bool, 0444);
MODULE_PARM_DESC(declare, "declare the need for the sensor instead of a plain deferral");

static bool stale;
module_param(stale, bool, 0444);
MODULE_PARM_DESC(stale, "the first probe defers as if it had looked before the sensor was bound");

/* Defer until the sensor is bound: declared if we can, else the stock way. */
static int cam_bridge_defer(struct device *dev, const char *why)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	if (declare)
		return i2c_probe_defer_until_client(dev, CAM_I2C_BUS, CAM_SENSOR_ADDR);
#endif
	return dev_err_probe(dev, -EPROBE_DEFER, "%s\n", why);
}

static int cam_match_addr(struct device *dev, void *data)
{
	struct i2c_client *client = i2c_verify_client(dev);

	return client && client->addr == CAM_SENSOR_ADDR;
}

static int cam_bridge_probe(struct platform_device *pdev)
{
	struct i2c_adapter *adap;
	struct device *sensor;
	bool bound;

	probes++;
	/* the sensor bound between a look-up and the record of the need */
	if (stale && probes == 1)
		return cam_bridge_defer(&pdev->dev, "sensor looked up too early");
	adap = i2c_get_adapter(CAM_I2C_BUS);
	if (!adap)
		return cam_bridge_defer(&pdev->dev, "i2c adapter 7 not present");

	/* by address: firmware may have named the client */
	sensor = device_find_child(&adap->dev, NULL, cam_match_addr);
	i2c_put_adapter(adap);
	bound = sensor && device_is_bound(sensor);
	if (!bound) {
		put_device(sensor);
		return cam_bridge_defer(&pdev->dev, "sensor at 7-0042 not bound");
	}
	dev_info(&pdev->dev, "bridge bound to sensor %s\n", dev_name(sensor));
	put_device(sensor);
	return 0;
}

static struct platform_driver cam_bridge_driver = {
	.probe = cam_bridge_probe,
	.driver = { .name = "cam-bridge" },
};

TDP_PLATFORM_MODULE(cam_bridge_driver);

MODULE_DESCRIPTION("Camera scenario: the DMA bridge");
MODULE_LICENSE("GPL");
