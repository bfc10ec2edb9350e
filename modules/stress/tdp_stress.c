// SPDX-License-Identifier: GPL-2.0
/*
 * tdp_stress - targeted deferred probing under hostile load.
 *
 * On a private bus "tdps" live suppliers (tdps-s*), consumers (tdps-c*)
 * and a provider device; in a class "tdps_class" live class devices
 * (tdps-k*).  Each consumer has up to three needs, drawn from a seed: a
 * supplier bound (by bus pointer), a supplier present (by bus name, as
 * text from the command line names it), a class device present (by class
 * pointer), a named provider announced, or another consumer bound (a lower
 * number: no cycles).  Half of the consumers declare their needs from
 * probe(), the other half have them held before their first probe; one in
 * sixteen defers the stock way; a third use an asynchronous driver.
 *
 * Loading the module starts "threads" kthreads that for "secs" seconds
 * register and unregister suppliers, unbind and rebind them, create and
 * delete class devices, rename them away from their names and back,
 * announce and withdraw providers, delete and re-create consumers while
 * they wait, and unregister and register the consumer drivers.  Then every
 * need is made satisfiable (settle) and the result line says:
 *
 *   - unbound: consumers not bound;
 *   - over_bound: consumers probed more often while settling than the
 *     bound settle() states;
 *   - held_violations: consumers with held needs probed while one of them
 *     had never been met since the consumer was created (targeted only).
 *
 * Writing "kick" to "op" then binds one more device, which is what a
 * device parked the stock way waits for, and writes the result again.
 * The guest checks, between the two, that no device still waits for needs
 * that are all met.  With pause=1 the churn waits for "settle" in "op"
 * (so that fault injection can be turned off first).  With manual=1 there
 * is no churn: single operations run in the writer's context, for fail-nth
 * sweeps (see op_set()).
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "tdp_deferred.h"

static unsigned int seed = 1;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "seed of every random choice (printed, replayable)");
static unsigned int secs = 10;
module_param(secs, uint, 0444);
MODULE_PARM_DESC(secs, "seconds of churn");
static unsigned int threads = 4;
module_param(threads, uint, 0444);
MODULE_PARM_DESC(threads, "churning kthreads");
static unsigned int consumers = 200;
module_param(consumers, uint, 0444);
MODULE_PARM_DESC(consumers, "number of consumers");
static bool targeted = true;
module_param(targeted, bool, 0444);
MODULE_PARM_DESC(targeted, "the kernel targets (held needs hold)");
static bool manual;
module_param(manual, bool, 0444);
MODULE_PARM_DESC(manual, "no churn: single operations through \"op\"");
static bool pause;
module_param(pause, bool, 0444);
MODULE_PARM_DESC(pause, "after the churn, wait for \"settle\" written to op");
static int churned;
module_param(churned, int, 0444);
MODULE_PARM_DESC(churned, "1 once the churn has stopped");
static int done;
module_param(done, int, 0444);
MODULE_PARM_DESC(done, "1 once settled, 2 once kicked");
static char result[256];
module_param_string(result, result, sizeof(result), 0444);
MODULE_PARM_DESC(result, "the outcome, one line");

#define SUPPLIERS	16
#define CLASSDEVS	8
#define PROVIDERS	8
#define MAX_NEEDS	3
#define MAX_CONSUMERS	2000

enum tdps_role { ROLE_SUPPLIER, ROLE_CONSUMER, ROLE_CONSUMER_ASYNC, ROLE_PROVIDER };
enum tdps_kind {
	NEED_BOUND, NEED_PRESENT, NEED_CLASS, NEED_PROVIDER, NEED_CONSUMER, NEED_KINDS
};
static const char * const kind_names[NEED_KINDS] = {
	"bound", "present", "class", "provider", "consumer",
};

struct tdps_need {
	enum tdps_kind kind;
	unsigned int target;
	unsigned int gen;	/* the target's generation at creation */
	bool met;		/* met at creation */
};

struct tdps_dev {
	struct device dev;
	enum tdps_role role;
	/* consumers */
	unsigned int nneeds;
	struct tdps_need needs[MAX_NEEDS];
	bool held, plain;	/* needs held before probe; stock deferrals */
	atomic_t probes;
};

#define to_tdps(d) container_of(d, struct tdps_dev, dev)

/* Generations: bumped each time a target becomes met. */
static atomic_t gen[NEED_KINDS][MAX_CONSUMERS];
static atomic_t supplier_up[SUPPLIERS];

struct slot {
	struct mutex lock;	/* serializes the operations on this slot */
	struct tdps_dev *dev;
};

static struct slot suppliers_slot[SUPPLIERS];
static struct device *classdev[CLASSDEVS];
static bool classdev_renamed[CLASSDEVS];
static struct mutex classdev_lock[CLASSDEVS];
static bool announced[PROVIDERS];
static struct mutex provider_lock[PROVIDERS];
static struct slot *consumer_slot;
static DEFINE_MUTEX(drivers_lock);
static bool drivers_registered;
static struct tdps_dev *provider;
static struct task_struct **workers;
static atomic_t ops_done, held_violations;

static int tdps_match(struct device *dev, const struct device_driver *drv);
static const struct bus_type tdps_bus = {
	.name = "tdps",
	.match = tdps_match,
};
static const struct class tdps_class = { .name = "tdps_class" };

static void tdps_name(char *buf, size_t len, enum tdps_kind kind, unsigned int i)
{
	switch (kind) {
	case NEED_CLASS:
		snprintf(buf, len, "tdps-k%u", i);
		break;
	case NEED_PROVIDER:
		snprintf(buf, len, "tdps-p%u", i);
		break;
	case NEED_CONSUMER:
		snprintf(buf, len, "tdps-c%u", i);
		break;
	default:
		snprintf(buf, len, "tdps-s%u", i);
		break;
	}
}

/* Is the need met right now?  Asks the driver core only. */
static bool need_met(const struct tdps_need *n)
{
	struct device *dev = NULL;
	char name[24];
	bool met;

	tdps_name(name, sizeof(name), n->kind, n->target);
	switch (n->kind) {
	case NEED_PROVIDER:
		return dev_provider_available(name);
	case NEED_CLASS:
		dev = class_find_device_by_name(&tdps_class, name);
		met = dev;
		break;
	case NEED_PRESENT:
		dev = bus_find_device_by_name(&tdps_bus, NULL, name);
		met = dev;
		break;
	default:
		dev = bus_find_device_by_name(&tdps_bus, NULL, name);
		met = dev && device_is_bound(dev);
		break;
	}
	put_device(dev);
	return met;
}

static void need_describe(const struct tdps_need *n, struct dev_need *d, char *name,
			  size_t len)
{
	tdps_name(name, len, n->kind, n->target);
	memset(d, 0, sizeof(*d));
	d->name = name;
	switch (n->kind) {
	case NEED_BOUND:
	case NEED_CONSUMER:
		d->kind = DEV_NEED_BOUND;
		d->bus = &tdps_bus;
		break;
	case NEED_PRESENT:
		d->kind = DEV_NEED_PRESENT;
		d->subsys = "tdps";
		break;
	case NEED_CLASS:
		d->kind = DEV_NEED_PRESENT;
		d->class = &tdps_class;
		break;
	default:
		d->kind = DEV_NEED_PROVIDER;
		break;
	}
}

static int supplier_probe(struct device *dev)
{
	unsigned int i;

	if (kstrtouint(dev_name(dev) + strlen("tdps-s"), 10, &i) || i >= SUPPLIERS ||
	    !atomic_read(&supplier_up[i]))
		return -ENODEV;
	atomic_inc(&gen[NEED_BOUND][i]);
	return 0;
}

static int consumer_probe(struct device *dev)
{
	struct tdps_dev *c = to_tdps(dev);
	struct dev_need needs[MAX_NEEDS];
	char names[MAX_NEEDS][24];
	bool all = true;
	unsigned int i;

	atomic_inc(&c->probes);
	for (i = 0; i < c->nneeds; i++) {
		struct tdps_need *n = &c->needs[i];
		bool now = need_met(n);

		if (targeted && c->held && !now && !n->met &&
		    atomic_read(&gen[n->kind][n->target]) == n->gen)
			atomic_inc(&held_violations);
		all &= now;
		need_describe(n, &needs[i], names[i], sizeof(names[i]));
	}
	if (all) {
		unsigned int self;

		if (!kstrtouint(dev_name(dev) + strlen("tdps-c"), 10, &self) &&
		    self < MAX_CONSUMERS)
			atomic_inc(&gen[NEED_CONSUMER][self]);
		return 0;
	}
	if (c->plain)
		return dev_err_probe(dev, -EPROBE_DEFER, "needs missing\n");
	return dev_probe_defer_until(dev, needs, c->nneeds);
}

static struct device_driver supplier_driver = {
	.name = "tdps-supplier", .bus = &tdps_bus, .probe = supplier_probe,
};
static struct device_driver consumer_driver = {
	.name = "tdps-consumer", .bus = &tdps_bus, .probe = consumer_probe,
};
static struct device_driver consumer_async_driver = {
	.name = "tdps-consumer-async", .bus = &tdps_bus, .probe = consumer_probe,
	.probe_type = PROBE_PREFER_ASYNCHRONOUS,
};
static struct device_driver provider_driver = {
	.name = "tdps-provider", .bus = &tdps_bus,
};

static const struct device_driver *role_driver[] = {
	[ROLE_SUPPLIER] = &supplier_driver,
	[ROLE_CONSUMER] = &consumer_driver,
	[ROLE_CONSUMER_ASYNC] = &consumer_async_driver,
	[ROLE_PROVIDER] = &provider_driver,
};

static int tdps_match(struct device *dev, const struct device_driver *drv)
{
	return role_driver[to_tdps(dev)->role] == drv;
}

static void tdps_release(struct device *dev)
{
	kfree(to_tdps(dev));
}

static struct tdps_dev *tdps_alloc(enum tdps_role role, const char *name)
{
	struct tdps_dev *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return NULL;
	device_initialize(&d->dev);
	d->dev.bus = &tdps_bus;
	d->dev.release = tdps_release;
	d->role = role;
	if (dev_set_name(&d->dev, "%s", name)) {
		put_device(&d->dev);
		return NULL;
	}
	return d;
}

/* A random number below @n from the per-thread state @s. */
static u32 rnd(struct rnd_state *s, u32 n)
{
	return prandom_u32_state(s) % n;
}

/*
 * Consumer @i's spec comes from the seed alone, so it is the same each time
 * it is re-created; with @kind >= 0, it waits for that one kind of need
 * instead, declared from a synchronous probe, or @held.  Dependencies
 * between consumers go to lower numbers only: no cycles.
 */
static struct tdps_dev *consumer_new(unsigned int i, int kind, bool held)
{
	struct rnd_state s;
	struct tdps_dev *c;
	char name[24];
	unsigned int k;
	int ret;

	prandom_seed_state(&s, ((u64)seed << 32) | i);
	snprintf(name, sizeof(name), "tdps-c%u", i);
	c = tdps_alloc(kind < 0 && !rnd(&s, 3) ? ROLE_CONSUMER_ASYNC : ROLE_CONSUMER, name);
	if (!c)
		return NULL;
	c->nneeds = kind < 0 ? 1 + rnd(&s, MAX_NEEDS) : 1;
	c->held = kind < 0 ? rnd(&s, 2) : held;
	c->plain = kind < 0 && !c->held && !rnd(&s, 8);	/* 1 in 16 */
	for (k = 0; k < c->nneeds; k++) {
		struct tdps_need *n = &c->needs[k];

		n->kind = kind < 0 ? rnd(&s, NEED_KINDS) : kind;
		if (n->kind == NEED_CONSUMER && !i)
			n->kind = NEED_BOUND;
		switch (n->kind) {
		case NEED_CLASS:
			n->target = rnd(&s, CLASSDEVS);
			break;
		case NEED_PROVIDER:
			n->target = rnd(&s, PROVIDERS);
			break;
		case NEED_CONSUMER:
			n->target = rnd(&s, i);
			break;
		default:
			n->target = rnd(&s, SUPPLIERS);
			break;
		}
		n->gen = atomic_read(&gen[n->kind][n->target]);
		n->met = need_met(n);
	}
	if (c->held) {
		struct dev_need needs[MAX_NEEDS];
		char names[MAX_NEEDS][24];

		for (k = 0; k < c->nneeds; k++)
			need_describe(&c->needs[k], &needs[k], names[k], sizeof(names[k]));
		/* -ENOMEM holds nothing: the consumer probes, and defers */
		c->held = !dev_probe_hold_until(&c->dev, needs, c->nneeds);
	}
	ret = device_add(&c->dev);
	if (ret) {
		put_device(&c->dev);
		return NULL;
	}
	return c;
}

static void consumer_op(unsigned int i)
{
	struct slot *sl = &consumer_slot[i];

	mutex_lock(&sl->lock);
	if (sl->dev) {
		device_unregister(&sl->dev->dev);
		sl->dev = NULL;
	} else {
		sl->dev = consumer_new(i, -1, false);
	}
	mutex_unlock(&sl->lock);
}

static void supplier_add(unsigned int i)
{
	struct slot *sl = &suppliers_slot[i];
	char name[24];

	tdps_name(name, sizeof(name), NEED_BOUND, i);
	sl->dev = tdps_alloc(ROLE_SUPPLIER, name);
	if (sl->dev && device_add(&sl->dev->dev)) {
		put_device(&sl->dev->dev);
		sl->dev = NULL;
	}
	if (sl->dev)
		atomic_inc(&gen[NEED_PRESENT][i]);
}

static void supplier_op(struct rnd_state *s, unsigned int i)
{
	struct slot *sl = &suppliers_slot[i];

	mutex_lock(&sl->lock);
	if (rnd(s, 2)) {	/* register, or unregister */
		if (sl->dev) {
			device_unregister(&sl->dev->dev);
			sl->dev = NULL;
		} else {
			supplier_add(i);
		}
	} else {		/* unbind, or bind */
		atomic_set(&supplier_up[i], !atomic_read(&supplier_up[i]));
		if (sl->dev && device_is_bound(&sl->dev->dev))
			device_release_driver(&sl->dev->dev);
		else if (sl->dev && device_attach(&sl->dev->dev) < 0)
			pr_debug("tdp_stress: attach of supplier %u failed\n", i);
	}
	mutex_unlock(&sl->lock);
}

/*
 * Class devices come and go, and are renamed away from their name and
 * back, as network devices are; (the driver core keeps a bus device's
 * sysfs links under the name it was added with, so bus devices are not
 * renamed).
 */
static void classdev_set(unsigned int i, bool present)
{
	char name[32];

	mutex_lock(&classdev_lock[i]);
	tdps_name(name, sizeof(name), NEED_CLASS, i);
	if (present && classdev[i] && classdev_renamed[i]) {
		if (!device_rename(classdev[i], name)) {
			classdev_renamed[i] = false;
			atomic_inc(&gen[NEED_CLASS][i]);
		}
	} else if (present && !classdev[i]) {
		classdev[i] = device_create(&tdps_class, NULL, 0, NULL, "%s", name);
		if (IS_ERR(classdev[i]))
			classdev[i] = NULL;
		else
			atomic_inc(&gen[NEED_CLASS][i]);
	} else if (!present && classdev[i]) {
		device_unregister(classdev[i]);
		classdev[i] = NULL;
		classdev_renamed[i] = false;
	}
	mutex_unlock(&classdev_lock[i]);
}

static void classdev_rename_away(unsigned int i)
{
	char name[32];

	mutex_lock(&classdev_lock[i]);
	tdps_name(name, sizeof(name), NEED_CLASS, i);
	strlcat(name, "-away", sizeof(name));
	if (classdev[i] && !classdev_renamed[i] && !device_rename(classdev[i], name))
		classdev_renamed[i] = true;
	mutex_unlock(&classdev_lock[i]);
}

static void provider_set(unsigned int i, bool on)
{
	char name[24];

	tdps_name(name, sizeof(name), NEED_PROVIDER, i);
	mutex_lock(&provider_lock[i]);
	if (on && !announced[i]) {
		announced[i] = !dev_provider_announce(&provider->dev, name);
		if (announced[i])
			atomic_inc(&gen[NEED_PROVIDER][i]);
	} else if (!on && announced[i]) {
		dev_provider_withdraw(&provider->dev, name);
		announced[i] = false;
	}
	mutex_unlock(&provider_lock[i]);
}

static void drivers_set(bool on)
{
	mutex_lock(&drivers_lock);
	if (on && !drivers_registered) {
		drivers_registered = !driver_register(&consumer_driver);
		if (drivers_registered && driver_register(&consumer_async_driver)) {
			driver_unregister(&consumer_driver);
			drivers_registered = false;
		}
	} else if (!on && drivers_registered) {
		driver_unregister(&consumer_async_driver);
		driver_unregister(&consumer_driver);
		drivers_registered = false;
	}
	mutex_unlock(&drivers_lock);
}

static int worker(void *data)
{
	unsigned long id = (unsigned long)data;
	struct rnd_state s;

	prandom_seed_state(&s, ((u64)seed << 32) | (0x8000 + id));
	while (!kthread_should_stop()) {
		unsigned int op = rnd(&s, 100);

		if (op < 35)
			consumer_op(rnd(&s, consumers));
		else if (op < 70)
			supplier_op(&s, rnd(&s, SUPPLIERS));
		else if (op < 76)
			classdev_set(rnd(&s, CLASSDEVS), rnd(&s, 2));
		else if (op < 82)
			classdev_rename_away(rnd(&s, CLASSDEVS));
		else if (op < 94)
			provider_set(rnd(&s, PROVIDERS), rnd(&s, 2));
		else if (op < 96)
			drivers_set(rnd(&s, 4));
		else
			usleep_range(100, 1000);
		atomic_inc(&ops_done);
		cond_resched();
	}
	return 0;
}

static int *settle_before;
static unsigned int settle_bound;

/* Count the consumers still unbound, and write the result line. */
static void report(const char *phase)
{
	unsigned int i, unbound = 0, plain = 0, over = 0, max = 0;

	for (i = 0; i < consumers; i++) {
		struct slot *sl = &consumer_slot[i];
		unsigned int n;

		mutex_lock(&sl->lock);
		if (!sl->dev || !device_is_bound(&sl->dev->dev)) {
			unbound++;
			plain += sl->dev && sl->dev->plain;
		}
		n = sl->dev ? atomic_read(&sl->dev->probes) - settle_before[i] : 0;
		max = max(max, n);
		if (n > settle_bound) {
			over++;
			dev_warn(&sl->dev->dev, "tdp_stress: probed %u times settling, bound %u\n",
				 n, settle_bound);
		}
		mutex_unlock(&sl->lock);
	}
	snprintf(result, sizeof(result),
		 "seed=%u phase=%s ops=%d consumers=%u unbound=%u unbound_plain=%u settle_probe_bound=%u max_settle_probes=%u over_bound=%u held_violations=%d",
		 seed, phase, atomic_read(&ops_done), consumers, unbound, plain,
		 settle_bound, max, over, atomic_read(&held_violations));
	pr_info("tdp_stress: %s\n", result);
}

/*
 * Make every need satisfiable and wait.  Events that are not binds come
 * first.  The bound on probe() calls in this phase: a consumer is retried
 * at most once per event the phase raises (registrations, binds, renames,
 * announcements; every consumer that binds is a bind too), plus two; a
 * targeted kernel stays far below it, a retry storm does not.  Devices
 * parked the stock way are retried by binds only, so a stock kernel may
 * leave some unbound until one more bind: kick() is that bind.
 */
static void settle(void)
{
	unsigned int i, events = 0;

	settle_before = kcalloc(consumers, sizeof(*settle_before), GFP_KERNEL);
	if (!settle_before) {
		snprintf(result, sizeof(result), "seed=%u error=nomem", seed);
		WRITE_ONCE(done, 1);
		return;
	}
	for (i = 0; i < consumers; i++) {
		struct slot *sl = &consumer_slot[i];

		mutex_lock(&sl->lock);
		settle_before[i] = sl->dev ? atomic_read(&sl->dev->probes) : 0;
		mutex_unlock(&sl->lock);
	}
	for (i = 0; i < CLASSDEVS; i++)
		classdev_set(i, true);
	for (i = 0; i < PROVIDERS; i++)
		provider_set(i, true);
	events += 2 * CLASSDEVS + PROVIDERS;
	for (i = 0; i < SUPPLIERS; i++) {
		struct slot *sl = &suppliers_slot[i];

		mutex_lock(&sl->lock);
		atomic_set(&supplier_up[i], 1);
		if (!sl->dev)
			supplier_add(i);
		else if (!device_is_bound(&sl->dev->dev) &&
			 device_attach(&sl->dev->dev) < 0)
			pr_warn("tdp_stress: supplier %u does not attach\n", i);
		mutex_unlock(&sl->lock);
		events += 2;
	}
	drivers_set(true);
	for (i = 0; i < consumers; i++) {
		struct slot *sl = &consumer_slot[i];

		mutex_lock(&sl->lock);
		if (!sl->dev) {
			sl->dev = consumer_new(i, -1, false);
			settle_before[i] = 0;
			events++;
		}
		mutex_unlock(&sl->lock);
		/* each new consumer walks the bus: a long loop */
		cond_resched();
	}
	wait_for_device_probe();
	settle_bound = events + consumers + 2;
	report("settled");
	WRITE_ONCE(done, 1);
}

static struct tdps_dev *kick_dev;

/* One more bind, after everything: what a stock-parked device waits for. */
static void kick(void)
{
	if (!kick_dev) {
		kick_dev = tdps_alloc(ROLE_PROVIDER, "tdps-kick");
		if (kick_dev && device_add(&kick_dev->dev)) {
			put_device(&kick_dev->dev);
			kick_dev = NULL;
		}
	}
	wait_for_device_probe();
	report("kicked");
	WRITE_ONCE(done, 2);
}

/* "raise KIND" (@on) makes every target of that kind met, "lower KIND" none. */
static void set_kind(int kind, bool on)
{
	unsigned int t;

	for (t = 0; t < SUPPLIERS; t++) {
		struct slot *sl = &suppliers_slot[t];

		switch (kind) {
		case NEED_BOUND:
		case NEED_PRESENT:
			mutex_lock(&sl->lock);
			atomic_set(&supplier_up[t], 1);
			if (on && !sl->dev) {
				supplier_add(t);
			} else if (!on && sl->dev) {
				device_unregister(&sl->dev->dev);
				sl->dev = NULL;
			}
			mutex_unlock(&sl->lock);
			break;
		case NEED_CLASS:
			if (t < CLASSDEVS)
				classdev_set(t, on);
			break;
		case NEED_PROVIDER:
			if (t < PROVIDERS)
				provider_set(t, on);
			break;
		}
	}
}

static DECLARE_COMPLETION(settle_go);

/*
 * Single operations in the writer's context, for fail-nth sweeps:
 * "record KIND" (a consumer declaring one need of KIND from its probe),
 * "hold KIND" (the same need held before probe), "raise KIND", "lower
 * KIND" and "settle".  With pause=1, "settle" lets the churn settle.
 */
static int op_set(const char *val, const struct kernel_param *kp)
{
	static unsigned int next;
	char cmd[16], kind[16] = "";
	struct slot *sl;
	int k;

	if (sscanf(val, "%15s %15s", cmd, kind) < 1)
		return -EINVAL;
	if (!strcmp(cmd, "kick")) {
		if (READ_ONCE(done) < 1)
			return -EBUSY;
		kick();
		return 0;
	}
	if (!manual) {
		if (!pause || strcmp(cmd, "settle"))
			return -EINVAL;
		complete(&settle_go);
		return 0;
	}
	if (!strcmp(cmd, "settle")) {
		settle();
		return 0;
	}
	k = match_string(kind_names, NEED_KINDS, kind);
	if (k < 0 || k == NEED_CONSUMER)
		return -EINVAL;
	if (!strcmp(cmd, "raise") || !strcmp(cmd, "lower")) {
		set_kind(k, !strcmp(cmd, "raise"));
		return 0;
	}
	if (strcmp(cmd, "record") && strcmp(cmd, "hold"))
		return -EINVAL;
	if (next >= consumers)
		return -ENOSPC;
	sl = &consumer_slot[next++];
	mutex_lock(&sl->lock);
	sl->dev = consumer_new(sl - consumer_slot, k, !strcmp(cmd, "hold"));
	mutex_unlock(&sl->lock);
	return sl->dev ? 0 : -ENOMEM;
}

static const struct kernel_param_ops op_ops = { .set = op_set };
module_param_cb(op, &op_ops, NULL, 0200);
MODULE_PARM_DESC(op, "\"record|hold|raise|lower KIND\", \"settle\" or \"kick\"");

static int churn(void *data)
{
	unsigned long i, end;

	for (i = 0; i < threads; i++) {
		workers[i] = kthread_run(worker, (void *)i, "tdp_stress/%lu", i);
		if (IS_ERR(workers[i]))
			workers[i] = NULL;
	}
	/* in steps, not to look like a hung task on long runs */
	end = jiffies + secs * HZ;
	while (time_before(jiffies, end))
		msleep_interruptible(1000);
	for (i = 0; i < threads; i++)
		if (workers[i])
			kthread_stop(workers[i]);
	WRITE_ONCE(churned, 1);
	/* (in steps, not to look like a hung task while the test waits) */
	while (pause && !wait_for_completion_timeout(&settle_go, HZ))
		;
	settle();
	while (!kthread_should_stop())
		msleep_interruptible(50);
	return 0;
}

static void teardown(void)
{
	unsigned int i;

	for (i = 0; consumer_slot && i < consumers; i++)
		if (consumer_slot[i].dev)
			device_unregister(&consumer_slot[i].dev->dev);
	drivers_set(false);
	for (i = 0; i < PROVIDERS; i++)
		provider_set(i, false);
	for (i = 0; i < CLASSDEVS; i++)
		classdev_set(i, false);
	for (i = 0; i < SUPPLIERS; i++)
		if (suppliers_slot[i].dev)
			device_unregister(&suppliers_slot[i].dev->dev);
	if (kick_dev)
		device_unregister(&kick_dev->dev);
	if (provider)
		device_unregister(&provider->dev);
	kfree(settle_before);
	driver_unregister(&provider_driver);
	driver_unregister(&supplier_driver);
	class_unregister(&tdps_class);
	bus_unregister(&tdps_bus);
	kfree(consumer_slot);
	kfree(workers);
}

static struct task_struct *churner;

static int __init tdp_stress_init(void)
{
	unsigned int i;
	int ret;

	if (!consumers || consumers > MAX_CONSUMERS || !threads || threads > 64)
		return -EINVAL;
	pr_info("tdp_stress: seed=%u secs=%u threads=%u consumers=%u targeted=%d\n",
		seed, secs, threads, consumers, targeted);
	consumer_slot = kcalloc(consumers, sizeof(*consumer_slot), GFP_KERNEL);
	workers = kcalloc(threads, sizeof(*workers), GFP_KERNEL);
	if (!consumer_slot || !workers) {
		kfree(consumer_slot);
		kfree(workers);
		return -ENOMEM;
	}
	for (i = 0; i < consumers; i++)
		mutex_init(&consumer_slot[i].lock);
	for (i = 0; i < SUPPLIERS; i++)
		mutex_init(&suppliers_slot[i].lock);
	for (i = 0; i < CLASSDEVS; i++)
		mutex_init(&classdev_lock[i]);
	for (i = 0; i < PROVIDERS; i++)
		mutex_init(&provider_lock[i]);

	ret = bus_register(&tdps_bus);
	if (ret)
		goto err_free;
	ret = class_register(&tdps_class);
	if (ret)
		goto err_bus;
	ret = driver_register(&supplier_driver);
	if (ret)
		goto err_class;
	ret = driver_register(&provider_driver);
	if (ret)
		goto err_supplier;
	provider = tdps_alloc(ROLE_PROVIDER, "tdps-provider");
	if (!provider || device_add(&provider->dev)) {
		if (provider)
			put_device(&provider->dev);
		provider = NULL;
		ret = -ENOMEM;
		goto err_provider;
	}
	drivers_set(true);
	for (i = 0; i < consumers && !manual; i++)
		consumer_op(i);
	if (manual)
		return 0;
	churner = kthread_run(churn, NULL, "tdp_stress");
	if (IS_ERR(churner)) {
		ret = PTR_ERR(churner);
		churner = NULL;
		teardown();
		return ret;
	}
	return 0;

err_provider:
	driver_unregister(&provider_driver);
err_supplier:
	driver_unregister(&supplier_driver);
err_class:
	class_unregister(&tdps_class);
err_bus:
	bus_unregister(&tdps_bus);
err_free:
	kfree(consumer_slot);
	kfree(workers);
	return ret;
}
module_init(tdp_stress_init);

static void __exit tdp_stress_exit(void)
{
	/* The churn thread settles, then waits to be stopped. */
	if (churner) {
		complete(&settle_go);
		kthread_stop(churner);
	}
	teardown();
}
module_exit(tdp_stress_exit);

MODULE_DESCRIPTION("Targeted deferred probing under hostile load");
MODULE_LICENSE("GPL");
