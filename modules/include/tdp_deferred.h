/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scenario modules build against the stock tree and the patched one:
 * DEV_PROBE_DEFER_TARGETED says whether targeted deferred probing is there,
 * DEV_PROBE_DEFER_PROVIDERS whether its tools (named providers) are too.
 */
#ifndef TDP_DEFERRED_H
#define TDP_DEFERRED_H

#if __has_include(<linux/device/deferred.h>)
#include <linux/device/deferred.h>
#define DEV_PROBE_DEFER_TARGETED 1
#if IS_ENABLED(CONFIG_DEFERRED_PROBE_TOOLS)
#define DEV_PROBE_DEFER_PROVIDERS 1
#endif
/*
 * Held needs, named providers and i2c_probe_defer_until_client() have no
 * modular user in the tree: they are exported to modules only in kernels
 * built with KUnit, in its namespace.  These modules are tests too.
 */
#include <linux/module.h>
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif

#endif /* TDP_DEFERRED_H */
