// SPDX-License-Identifier: GPL-2.0
/*
 * cam_bridge - the camera's DMA bridge, a platform device whose probe()
 * needs the sensor at CAM_SENSOR_ADDR on I2C bus CAM_I2C_BUS to be bound.
 * Until it is, probe() defers and says why.
 */
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "cam.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static int cam_bridge_probe(struct platform_device *pdev)
{
	struct i2c_adapter *adap;
	struct device *sensor;
	char name[16];
	bool bound;

	probes++;
	adap = i2c_get_adapter(CAM_I2C_BUS);
	if (!adap)
		return dev_err_probe(&pdev->dev, -EPROBE_DEFER,
				     "i2c adapter %d not present\n", CAM_I2C_BUS);
	i2c_put_adapter(adap);

	snprintf(name, sizeof(name), "%d-%04x", CAM_I2C_BUS, CAM_SENSOR_ADDR);
	sensor = bus_find_device_by_name(&i2c_bus_type, NULL, name);
	bound = sensor && device_is_bound(sensor);
	put_device(sensor);
	if (!bound)
		return dev_err_probe(&pdev->dev, -EPROBE_DEFER,
				     "sensor %s not bound\n", name);

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
