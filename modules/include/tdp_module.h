/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the scenario modules: a module that registers one
 * platform driver and one platform device of the same name, and a dummy
 * I2C adapter algorithm for buses that carry no real traffic.
 */
#ifndef TDP_MODULE_H
#define TDP_MODULE_H

#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/platform_device.h>

/*
 * TDP_PLATFORM_MODULE(drv): module init registers platform driver @drv and
 * then a platform device named like it (id -1); exit removes both.
 */
#define TDP_PLATFORM_MODULE(drv)					\
static struct platform_device *tdp_pdev;				\
static int __init tdp_module_init(void)					\
{									\
	int ret = platform_driver_register(&(drv));			\
									\
	if (ret)							\
		return ret;						\
	tdp_pdev = platform_device_register_simple((drv).driver.name,	\
						   -1, NULL, 0);	\
	if (IS_ERR(tdp_pdev)) {						\
		platform_driver_unregister(&(drv));			\
		return PTR_ERR(tdp_pdev);				\
	}								\
	return 0;							\
}									\
module_init(tdp_module_init);						\
static void __exit tdp_module_exit(void)				\
{									\
	platform_device_unregister(tdp_pdev);				\
	platform_driver_unregister(&(drv));				\
}									\
module_exit(tdp_module_exit)

static inline int tdp_i2c_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs,
			       int num)
{
	return -EIO;
}

static inline u32 tdp_i2c_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm tdp_i2c_algo = {
	.master_xfer = tdp_i2c_xfer,
	.functionality = tdp_i2c_func,
};

/* Register @adap as dummy I2C adapter number @nr, a child of @parent. */
static inline int tdp_i2c_add_adapter(struct i2c_adapter *adap,
				      struct device *parent, int nr,
				      const char *name)
{
	adap->owner = THIS_MODULE;
	adap->algo = &tdp_i2c_algo;
	adap->nr = nr;
	adap->dev.parent = parent;
	strscpy(adap->name, name, sizeof(adap->name));
	return i2c_add_numbered_adapter(adap);
}

#endif
