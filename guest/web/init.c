// SPDX-License-Identifier: GPL-2.0
/*
 * init for the device-tree web guest (arm64): waits until probing has
 * settled, then prints on the console, each line starting "tdp-result: ",
 *
 *   modules loaded=N failed=N               (a kernel with modules only)
 *   count attempts=N links=N probes=N binds=N held=N deferrals=N
 *         triggers=N recorded=N woken=N retries=N overruns=N
 *   lastbind SECONDS                        (the trace's last "bound" hit)
 *   bound BUS FIRMWARE-NODE DRIVER          (one line per bound device)
 *   deferred LINE                           (devices_deferred, for people)
 *   error WHAT                              (a module that did not load,
 *                                            a settle that did not wait)
 *   stats LINE                              (deferred_probe_stats: what
 *                                            each device that deferred
 *                                            cost, patched kernels only)
 *   story EVENT ARGS                        (the deferred_probe events of
 *                                            of regulator-0, clk-regulator-0,
 *                                            i2c-mux-0, vdd-0, i2c-mux-reg-0
 *                                            (c000000.), i2c-arb-0, QEMU's
 *                                            PL061 and chain-0-2, in order)
 *   trace LINE                              (every line of the trace, with
 *                                            "tdp.dump" on the command line)
 *   end
 *
 * and powers the machine off.  A kernel built with modules (make boards'
 * distro-like variant) has them in /lib/modules/RELEASE/ of the
 * initramfs: they are loaded first, in modules.dep order, each after the
 * modules it depends on, as a distribution's initramfs loads them;
 * "tdp.skew=MS" on the command line starts that MS ms late.
 *
 * The counts come from kprobe events the
 * kernel command line sets up (the Makefile's web target): "attempt" on
 * really_probe(), "links" on device_links_check_suppliers() returning,
 * "probe" on the buses' probe functions, "bound" on driver_bound(),
 * "held" on driver_deferred_probe_links_wait() returning (patched kernels
 * only), "returned" on really_probe() returning (-EPROBE_DEFER when links
 * refuse, EPROBE_DEFER when probe() defers: really_probe() returns probe
 * errors positive), "trigger" on
 * driver_deferred_probe_trigger() (a retry of every deferred device: on
 * the stock kernel and with targeting off after every bind, targeted at
 * late_initcall, the timeout and the other global triggers only), and
 * the series' own trace events (deferred_probe:*): needs
 * recorded, waiters woken, retries of parked devices.  A device without a firmware node is named by its nearest
 * ancestor that has one, plus its bus: names such as "i2c-3" depend on
 * probe order, nodes do not.
 */
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define TRACE "/sys/kernel/tracing"
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * poll() sleeps on every kernel: nanosleep() is ENOSYS on a 32-bit kernel
 * without CONFIG_POSIX_TIMERS and CONFIG_COMPAT_32BIT_TIME (the arm image),
 * and a sleep that returns at once would end settle() before probing has.
 */
static void sleep_ms(long ms)
{
	poll(NULL, 0, ms);
}

static long file_sum(const char *path)
{
	char buf[65536];
	FILE *f = fopen(path, "r");
	size_t n;
	long sum = 0;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	for (size_t i = 0; i < n; i++)
		sum = sum * 31 + buf[i];
	return sum ^ (long)n;
}

/* The sum over the trace's CPUs of the per_cpu stats line "@key: N". */
static long trace_stat(const char *key)
{
	char path[128], line[256], fmt[64];
	long sum = 0, v;
	int cpu;

	snprintf(fmt, sizeof(fmt), "%s: %%ld", key);
	for (cpu = 0; cpu < 64; cpu++) {
		FILE *f;

		snprintf(path, sizeof(path), TRACE "/per_cpu/cpu%d/stats", cpu);
		f = fopen(path, "r");
		if (!f)
			break;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, fmt, &v) == 1)
				sum += v;
		fclose(f);
	}
	return sum;
}

/*
 * Probing has settled once the deferred list and the trace (every
 * attempt, probe and bind is an event) stay the same for 3 s: a device
 * queued for a retry is on neither list that devices_deferred shows
 * while a long probe runs before it.
 */
static void settle(void)
{
	long last = -2, now;
	struct timespec t0, t1;
	int same = 0, i;
	double took;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < 600 && same < 15; i++) {
		sleep_ms(200);
		now = file_sum("/sys/kernel/debug/devices_deferred") * 31 +
		      trace_stat("entries") + trace_stat("overrun");
		same = now == last ? same + 1 : 0;
		last = now;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	took = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (took < 3.0)
		printf("tdp-result: error settle took %.3f s, not the 3 s it waits\n",
		       took);
	/* counts read while probing still goes on would be cut short */
	if (same < 15)
		printf("tdp-result: error probing did not settle in %.0f s\n",
		       took);
}

/*
 * What the trace's lines count: the kprobe events of the command line
 * (attempt, links, probe_*, bound, held, returned, trigger) and the
 * series' own events.
 * A line counts for the first entry it matches.
 */
static const struct {
	const char *name;
	const char *event;
	const char *also;	/* the line must hold this too, when set, */
	const char *or_also;	/* or this */
} counted[] = {
	{ "attempts", ": attempt:", NULL },
	{ "links", ": links:", "ret=-517" },
	{ "probes", ": probe_", NULL },
	{ "binds", ": bound:", NULL },
	{ "held", ": held:", "ret=1" },
	/* links' refusal returns -EPROBE_DEFER, a probe's deferral 517 */
	{ "deferrals", ": returned:", "ret=-517\n", "ret=517\n" },
	{ "triggers", ": trigger:", NULL },
	{ "recorded", ": deferred_probe_need_recorded:", NULL },
	{ "woken", ": deferred_probe_woken:", NULL },
	{ "retries", ": deferred_probe_retry:", NULL },
};

/*
 * The seconds since boot, as the console's timestamps count them, of a
 * trace line cut just before its event name, or -1.
 */
static double trace_time(char *line, const char *event)
{
	char *at = strstr(line, event), *p;
	double t;

	if (!at)
		return -1;
	*at = '\0';
	p = strrchr(line, ' ');
	return p && sscanf(p, "%lf", &t) == 1 ? t : -1;
}

/*
 * The counts, and the trace clock's time of the last "bound" hit
 * (driver_bound()) where there was one, read in one pass of the trace.
 */
static void counts(void)
{
	long n[ARRAY_SIZE(counted)] = { 0 };
	char line[512];
	FILE *f = fopen(TRACE "/trace", "r");
	double t, last = -1;
	long overruns;
	size_t i;

	if (!f) {
		printf("tdp-result: error no trace\n");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		for (i = 0; i < ARRAY_SIZE(counted); i++) {
			if (!strstr(line, counted[i].event))
				continue;
			if (!counted[i].also || strstr(line, counted[i].also) ||
			    (counted[i].or_also && strstr(line, counted[i].or_also)))
				n[i]++;
			break;
		}
		t = trace_time(line, ": bound:");
		if (t > last)
			last = t;
	}
	fclose(f);
	printf("tdp-result: count");
	for (i = 0; i < ARRAY_SIZE(counted); i++)
		printf(" %s=%ld", counted[i].name, n[i]);
	overruns = trace_stat("overrun");
	printf(" overruns=%ld\n", overruns);
	if (overruns)
		printf("tdp-result: error the trace lost %ld events: counts too low\n",
		       overruns);
	if (last >= 0)
		printf("tdp-result: lastbind %.6f\n", last);
}

/*
 * The device tree path of @dir's node, or "^" and that of its nearest
 * ancestor that has one, or "-".
 */
static void node_of(const char *dir, char *out, size_t size)
{
	char path[PATH_MAX + 16], link[PATH_MAX], cur[PATH_MAX];
	const char *node;
	int up = 0;
	ssize_t n;
	char *p;

	if (!realpath(dir, cur)) {
		snprintf(out, size, "-");
		return;
	}
	for (;;) {
		snprintf(path, sizeof(path), "%s/of_node", cur);
		n = readlink(path, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = '\0';
			p = strstr(link, "/devicetree/base");
			node = p ? p + strlen("/devicetree/base") : link;
			snprintf(out, size, "%s%s", up ? "^" : "",
				 *node ? node : "/");
			return;
		}
		p = strrchr(cur, '/');
		if (!p || p == cur) {
			snprintf(out, size, "-");
			return;
		}
		*p = '\0';
		up = 1;
	}
}

static void bound(void)
{
	DIR *buses = opendir("/sys/bus");
	struct dirent *b, *d;

	if (!buses)
		return;
	while ((b = readdir(buses))) {
		char path[PATH_MAX];
		DIR *devs;

		if (b->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/%s/devices", b->d_name);
		devs = opendir(path);
		if (!devs)
			continue;
		while ((d = readdir(devs))) {
			char dev[PATH_MAX + 256], drv[PATH_MAX + 300];
			char link[PATH_MAX], node[PATH_MAX];
			ssize_t n;
			char *p;

			if (d->d_name[0] == '.')
				continue;
			snprintf(dev, sizeof(dev), "%s/%s", path, d->d_name);
			snprintf(drv, sizeof(drv), "%s/driver", dev);
			n = readlink(drv, link, sizeof(link) - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			p = strrchr(link, '/');
			node_of(dev, node, sizeof(node));
			printf("tdp-result: bound %s %s %s\n", b->d_name, node,
			       p ? p + 1 : link);
		}
		closedir(devs);
	}
	closedir(buses);
}

/* The deferred_probe events of the devices STORY_DEVS, in order. */
#define STORY_DEVS { "regulator-0", "clk-regulator-0", "i2c-mux-0", "vdd-0", \
		     "c000000.i2c-mux-reg-0", "i2c-arb-0", "9030000.pl061", \
		     "chain-0-2" }

static void story(void)
{
	static const char *const devs[] = STORY_DEVS;
	char line[512], *ev, *end;
	FILE *f = fopen(TRACE "/trace", "r");
	unsigned int i;

	while (f && fgets(line, sizeof(line), f)) {
		ev = strstr(line, ": deferred_probe_");
		if (!ev)
			continue;
		for (i = 0; i < sizeof(devs) / sizeof(devs[0]); i++) {
			end = strstr(ev, " dev=");
			if (!end || strncmp(end + 5, devs[i], strlen(devs[i])))
				continue;
			end += 5 + strlen(devs[i]);
			if (*end == ' ' || *end == '\n')
				printf("tdp-result: story %s", ev + 2);
		}
	}
	if (f)
		fclose(f);
}

/* Every line of the trace, for a person reading one boot. */
static void dump(void)
{
	char line[512];
	FILE *f = fopen(TRACE "/trace", "r");

	while (f && fgets(line, sizeof(line), f))
		if (line[0] != '#')
			printf("tdp-result: trace %s", line);
	if (f)
		fclose(f);
}

#define MAX_MODULES 256

static char *loaded[MAX_MODULES];
static int nloaded, nfailed;

/* Load module @rel (a path relative to @dir) unless loaded already. */
static void load_one(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	int i, fd;

	for (i = 0; i < nloaded; i++)
		if (!strcmp(loaded[i], rel))
			return;
	if (nloaded == MAX_MODULES)
		return;
	loaded[nloaded++] = strdup(rel);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
		printf("tdp-result: error module %s not loaded\n", rel);
		nfailed++;
	}
	if (fd >= 0)
		close(fd);
}

/*
 * Every module of modules.dep, in its order: a line is "MODULE: DEP...",
 * and a module's dependencies are loaded before it, the last one first
 * (modprobe's order).
 */
static void load_modules(void)
{
	char dir[128], path[160], line[4096], *deps[64], *colon, *tok, *save;
	struct utsname u;
	FILE *f;
	int n;

	uname(&u);
	snprintf(dir, sizeof(dir), "/lib/modules/%s", u.release);
	snprintf(path, sizeof(path), "%s/modules.dep", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		n = 0;
		for (tok = strtok_r(colon + 1, " \n", &save); tok && n < 64;
		     tok = strtok_r(NULL, " \n", &save))
			deps[n++] = tok;
		while (n--)
			load_one(dir, deps[n]);
		load_one(dir, line);
	}
	fclose(f);
	printf("tdp-result: modules loaded=%d failed=%d\n",
	       nloaded - nfailed, nfailed);
}

/* Each line of debugfs file @name as "tdp-result: @tag LINE". */
static void print_file(const char *name, const char *tag)
{
	char path[128], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/%s", name);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		printf("tdp-result: %s %s", tag, line);
	if (f)
		fclose(f);
}

/*
 * The token of the kernel command line (in @line) that is @key or, with
 * @value, "@key=...", or NULL.
 */
static char *cmdline_find(const char *key, int value, char *line, size_t size)
{
	FILE *f = fopen("/proc/cmdline", "r");
	size_t len = strlen(key);
	char *tok, *save, *found = NULL;

	if (!f)
		return NULL;
	if (fgets(line, size, f))
		for (tok = strtok_r(line, " \n", &save); tok && !found;
		     tok = strtok_r(NULL, " \n", &save))
			if (!strncmp(tok, key, len) && tok[len] == (value ? '=' : '\0'))
				found = tok;
	fclose(f);
	return found;
}

/* Whether the kernel command line holds the word @word. */
static int on_cmdline(const char *word)
{
	char line[4096];

	return cmdline_find(word, 0, line, sizeof(line)) != NULL;
}

/* N from "@key=N" on the kernel command line, or 0. */
static long cmdline_long(const char *key)
{
	char line[4096], *tok = cmdline_find(key, 1, line, sizeof(line));

	return tok ? strtol(tok + strlen(key) + 1, NULL, 10) : 0;
}

int main(void)
{
	int fd;

	/*
	 * Only as the first process of the guest, whose initramfs holds
	 * /etc/tdp-guest and whose command line run-qemu wrote: it mounts,
	 * loads modules and powers off.
	 */
	if (getpid() != 1 || access("/etc/tdp-guest", F_OK)) {
		fprintf(stderr, "refusing to run: not the init of the web guest\n");
		return 2;
	}
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
	}
	mount("proc", "/proc", "proc", 0, NULL);
	if (!on_cmdline("tdp.guest=1")) {
		fprintf(stderr, "refusing to run: no tdp.guest=1 on the command line\n");
		return 2;
	}
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	mount("tracefs", TRACE, "tracefs", 0, NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);

	/*
	 * "tdp.skew=MS" starts loading modules MS ms later.  Under -icount a
	 * kernel interleaves a boot the same way every time, so the spread
	 * of a kernel against itself comes from boots that move the moment
	 * its modules arrive, as an initramfs's start moves on hardware.
	 */
	sleep_ms(cmdline_long("tdp.skew"));
	load_modules();
	settle();
	/* stop recording: what we read below must not count */
	{
		FILE *f = fopen(TRACE "/tracing_on", "w");

		if (f) {
			fputs("0\n", f);
			fclose(f);
		}
	}
	/*
	 * whether the kernel runs the series: its trace events exist (its
	 * debugfs files need the tools for people, which come last)
	 */
	printf("tdp-result: series %d\n",
	       access(TRACE "/events/deferred_probe", F_OK) == 0);
	counts();
	bound();
	print_file("devices_deferred", "deferred");
	print_file("deferred_probe_stats", "stats");
	story();
	if (on_cmdline("tdp.dump"))
		dump();
	printf("tdp-result: end\n");
	fflush(stdout);
	sync();
	/*
	 * Boards that cannot power off (sabrelite: no PSCI, no power-off
	 * handler) would halt for ever: "tdp.reboot" on the command line
	 * resets them instead, and QEMU's -no-reboot ends the run.
	 */
	reboot(on_cmdline("tdp.reboot") ? RB_AUTOBOOT : RB_POWER_OFF);
	return 0;
}
