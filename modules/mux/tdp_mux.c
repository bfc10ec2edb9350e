// SPDX-License-Identifier: GPL-2.0
/*
 * mux - the upstream I2C multiplexer i2c-mux-reg, registered as a board
 * file registers it: platform data that names its parent adapter by
 * number (the camera's adapter, 7, which need not exist yet) and gives
 * it two channels.  Its register is a byte of this module's memory; no
 * transfer goes through the mux, so it is never written.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/platform_data/i2c-mux-reg.h>

static int parent = 7;
module_param(parent, int, 0444);
MODULE_PARM_DESC(parent, "number of the parent I2C adapter");

static u8 tdp_mux_reg;
static const unsigned int tdp_mux_values[] = { 1, 2 };
static struct platform_device *tdp_mux_pdev;

static int __init tdp_mux_init(void)
{
	struct i2c_mux_reg_platform_data pdata = {
		.parent = parent,
		.values = tdp_mux_values,
		.n_values = ARRAY_SIZE(tdp_mux_values),
		.write_only = true,
		.reg = (void __force __iomem *)&tdp_mux_reg,
		.reg_size = sizeof(tdp_mux_reg),
	};

	tdp_mux_pdev = platform_device_register_data(NULL, "i2c-mux-reg",
						     PLATFORM_DEVID_NONE,
						     &pdata, sizeof(pdata));
	return PTR_ERR_OR_ZERO(tdp_mux_pdev);
}
module_init(tdp_mux_init);

static void __exit tdp_mux_exit(void)
{
	platform_device_unregister(tdp_mux_pdev);
}
module_exit(tdp_mux_exit);

MODULE_DESCRIPTION("Registers the i2c-mux-reg multiplexer on I2C adapter 7");
MODULE_LICENSE("GPL");
