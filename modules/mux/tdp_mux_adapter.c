// SPDX-License-Identifier: GPL-2.0
/*
 * mux_adapter - I2C adapter 7 registered from module init, as a driver
 * that is no device's driver registers one: nothing is bound, so the
 * stock kernel retries no deferred probe for it.
 */
#include "tdp_module.h"

static struct i2c_adapter tdp_mux_adapter;

static int __init tdp_mux_adapter_init(void)
{
	return tdp_i2c_add_adapter(&tdp_mux_adapter, NULL, 7, "tdp-mux-parent");
}
module_init(tdp_mux_adapter_init);

static void __exit tdp_mux_adapter_exit(void)
{
	i2c_del_adapter(&tdp_mux_adapter);
}
module_exit(tdp_mux_adapter_exit);

MODULE_DESCRIPTION("Registers I2C adapter 7 with no device bound");
MODULE_LICENSE("GPL");
