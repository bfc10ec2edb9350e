// SPDX-License-Identifier: GPL-2.0
/*
 * cam_bridge - the camera's DMA bridge, a platform device whose probe()
 * needs the sensor at CAM_SENSOR_ADDR on I2C bus CAM_I2C_BUS to be bound.
 * Until it is, probe() defers and says why.
 */
#include <linux/i2c.h>
#include <linux/module.h>
#if __has_include(<linux/device/deferred.h>)
#include <linux/device/deferred.h>
#endif
#include <linux/platform_device.h>

#include "cam.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool declare;
module_param(declare, bool, 0444);
MODULE_PARM_DESC(declare, "declare the need for the sensor instead of a plain deferral");

/* Defer until the sensor is bound: declared if we can, else the stock way. */
static int cam_bridge_defer(struct device *dev, const char *sensor, const char *why)
{
#ifdef DEV_PROBE_DEFER_TARGETED
	if (declare)
		return dev_probe_defer_until_bound(dev, &i2c_bus_type, sensor);
#endif
	return dev_err_probe(dev, -EPROBE_DEFER, "%s\n", why);
}

static int cam_bridge_probe(struct platform_device *pdev)
{
	struct i2c_adapter *adap;
	struct device *sensor;
	char name[16];
	bool bound;

	probes++;
	snprintf(name, sizeof(name), "%d-%04x", CAM_I2C_BUS, CAM_SENSOR_ADDR);
	adap = i2c_get_adapter(CAM_I2C_BUS);
	if (!adap)
		return cam_bridge_defer(&pdev->dev, name, "i2c adapter 7 not present");
	i2c_put_adapter(adap);

	sensor = bus_find_device_by_name(&i2c_bus_type, NULL, name);
	bound = sensor && device_is_bound(sensor);
	put_device(sensor);
	if (!bound)
		return cam_bridge_defer(&pdev->dev, name, "sensor 7-0042 not bound");

	dev_info(&pdev->dev, "bridge bound to sensor %s\n", name);
	return 0;
}

static struct platform_driver cam_bridge_driver = {
	.probe = cam_bridge_probe,
	.driver = { .name = "cam-bridge" },
};

static struct platform_device *cam_bridge_pdev;

static int __init cam_bridge_init(void)
{
	int ret;

	ret = platform_driver_register(&cam_bridge_driver);
	if (ret)
		return ret;
	cam_bridge_pdev = platform_device_register_simple("cam-bridge", -1, NULL, 0);
	if (IS_ERR(cam_bridge_pdev)) {
		platform_driver_unregister(&cam_bridge_driver);
		return PTR_ERR(cam_bridge_pdev);
	}
	return 0;
}
module_init(cam_bridge_init);

static void __exit cam_bridge_exit(void)
{
	platform_device_unregister(cam_bridge_pdev);
	platform_driver_unregister(&cam_bridge_driver);
}
module_exit(cam_bridge_exit);

MODULE_DESCRIPTION("Camera scenario: the DMA bridge");
MODULE_LICENSE("GPL");
