/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The camera of the deferred-probing story: a DMA bridge (platform device)
 * that needs an image sensor, an I2C client that lives on a bus whose
 * adapter is registered by a third driver.  Each piece is its own module
 * and the modules may be loaded in any order.
 */
#ifndef CAM_H
#define CAM_H

#define CAM_I2C_BUS	7
#define CAM_SENSOR_ADDR	0x42
#define CAM_SENSOR_NAME	"cam-sensor"
/* the sensor's GPIO expander, as a software node names it */
#define CAM_SENSOR_GPIO_LABEL	"cam-sensor-gpio"
/* the client name ACPI would give it ("i2c-" prefixed by the core) */
#define CAM_SENSOR_FW_NAME	"CAMS0042:00"

#endif
