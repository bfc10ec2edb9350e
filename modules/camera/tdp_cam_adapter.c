// SPDX-License-Identifier: GPL-2.0
/*
 * cam_adapter - the camera's I2C bus: a platform device whose driver
 * registers I2C adapter CAM_I2C_BUS and, like a board file, the sensor
 * client at CAM_SENSOR_ADDR on it.
 */
#include "tdp_module.h"
#include "cam.h"

static int probes;
module_param(probes, int, 0444);
MODULE_PARM_DESC(probes, "probe() calls so far");

static bool firmware_name;
module_param(firmware_name, bool, 0444);
MODULE_PARM_DESC(firmware_name, "name the sensor client " CAM_SENSOR_FW_NAME
		 " as ACPI would, instead of 7-0042");

struct cam_adapter {
	struct i2c_adapter adap;
	struct i2c_client *sensor;
};

static int cam_adapter_probe(struct platform_device *pdev)
{
	struct i2c_board_info info = {
		I2C_BOARD_INFO(CAM_SENSOR_NAME, CAM_SENSOR_ADDR),
	};
	struct cam_adapter *ca;
	int ret;

	probes++;
	ca = devm_kzalloc(&pdev->dev, sizeof(*ca), GFP_KERNEL);
	if (!ca)
		return -ENOMEM;

	ret = tdp_i2c_add_adapter(&ca->adap, &pdev->dev, CAM_I2C_BUS, "cam-i2c");
	if (ret)
		return ret;

	if (firmware_name)
		info.dev_name = CAM_SENSOR_FW_NAME;
	ca->sensor = i2c_new_client_device(&ca->adap, &info);
	if (IS_ERR(ca->sensor)) {
		i2c_del_adapter(&ca->adap);
		return PTR_ERR(ca->sensor);
	}
	platform_set_drvdata(pdev, ca);
	dev_info(&pdev->dev, "i2c adapter %d registered, sensor client at 0x%02x\n",
		 CAM_I2C_BUS, CAM_SENSOR_ADDR);
	return 0;
}

static void cam_adapter_remove(struct platform_device *pdev)
{
	struct cam_adapter *ca = platform_get_drvdata(pdev);

	i2c_unregister_device(ca->sensor);
	i2c_del_adapter(&ca->adap);
}

static struct platform_driver cam_adapter_driver = {
	.probe = cam_adapter_probe,
	.remove = cam_adapter_remove,
	.driver = { .name = "cam-i2c" },
};

TDP_PLATFORM_MODULE(cam_adapter_driver);

MODULE_DESCRIPTION("Camera scenario: the I2C bus adapter");
MODULE_LICENSE("GPL");
