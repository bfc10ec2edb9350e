/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scenario modules build against the stock tree and the patched one:
 * DEV_PROBE_DEFER_TARGETED says whether targeted deferred probing is there.
 */
#ifndef TDP_DEFERRED_H
#define TDP_DEFERRED_H

#if __has_include(<linux/device/deferred.h>)
#include <linux/device/deferred.h>
#define DEV_PROBE_DEFER_TARGETED 1
#endif

#endif /* TDP_DEFERRED_H */
