/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the scenario modules: a module that registers one
 * platform driver and one platform device of the same name, a device
 * described by software nodes, a one-line GPIO expander, and a dummy I2C
 * adapter algorithm for buses that carry no real traffic.
 */
#ifndef TDP_MODULE_H
#define TDP_MODULE_H

#include <linux/gpio/driver.h>
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>

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

/*
 * Register software nodes @nodes, platform driver @drv and a platform
 * device named like the driver whose firmware node is @node (one of
 * @nodes), the way x86 board code describes a device.
 */
static inline struct platform_device *
tdp_swnode_device_register(struct platform_driver *drv,
			   const struct software_node **nodes,
			   const struct software_node *node)
{
	struct platform_device_info info = {
		.name = drv->driver.name,
		.id = PLATFORM_DEVID_NONE,
	};
	struct platform_device *pdev;
	int ret;

	ret = software_node_register_node_group(nodes);
	if (ret)
		return ERR_PTR(ret);
	info.fwnode = software_node_fwnode(node);
	ret = platform_driver_register(drv);
	if (ret)
		goto nodes;
	pdev = platform_device_register_full(&info);
	if (!IS_ERR(pdev))
		return pdev;
	ret = PTR_ERR(pdev);
	platform_driver_unregister(drv);
nodes:
	software_node_unregister_node_group(nodes);
	return ERR_PTR(ret);
}

static inline void
tdp_swnode_device_unregister(struct platform_device *pdev,
			     struct platform_driver *drv,
			     const struct software_node **nodes)
{
	platform_device_unregister(pdev);
	platform_driver_unregister(drv);
	software_node_unregister_node_group(nodes);
}

static inline int tdp_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	return 0;
}

static inline void tdp_gpio_set(struct gpio_chip *gc, unsigned int offset,
				int value)
{
}

static inline int tdp_gpio_output(struct gpio_chip *gc, unsigned int offset,
				  int value)
{
	return 0;
}

/* A one-line GPIO chip labelled @_label that drives nothing. */
#define TDP_GPIO_EXPANDER(_label) {					\
	.label = (_label),						\
	.owner = THIS_MODULE,						\
	.base = -1,							\
	.ngpio = 1,							\
	.get = tdp_gpio_get,						\
	.set = tdp_gpio_set,						\
	.direction_output = tdp_gpio_output,				\
}

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
