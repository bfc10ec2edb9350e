// SPDX-License-Identifier: GPL-2.0
/*
 * tb-count: a QEMU TCG plugin that counts the guest instructions executed
 * in each translation block, without changing the guest.  At exit it
 * writes one line per block that ran, "VADDR INSNS EXECUTIONS" (hex,
 * decimal, decimal), to the file its "out=" argument names;
 * scripts/profile-report adds them up per function of a System.map.
 *
 *   qemu-system-... -plugin path/tb-count.so,out=FILE
 *
 * A block counts all its instructions each time it is entered, also when
 * it is left early (an exception): a count is exact to within those.
 * Counters are shared by the vCPUs, so boot with one for exact counts.
 *
 * Debian 12 packages QEMU 7.2 without qemu-plugin.h: the few calls used
 * here are declared as version 1 of the plugin API defines them.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* One translation of a block; a block translated again gets another. */
struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t executions;
	struct block *next;
};

static struct block *blocks;
static const char *out_path;

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = calloc(1, sizeof(*b));

	if (!b)
		abort();
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->executions, 1);
}

static void write_counts(qemu_plugin_id_t id, void *data)
{
	FILE *f = fopen(out_path, "w");
	struct block *b;

	if (!f) {
		perror(out_path);
		return;
	}
	for (b = blocks; b; b = b->next)
		if (b->executions)
			fprintf(f, "%llx %llu %llu\n",
				(unsigned long long)b->vaddr,
				(unsigned long long)b->insns,
				(unsigned long long)b->executions);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			out_path = strdup(argv[i] + 4);
	if (!out_path) {
		fprintf(stderr, "tb-count: no out=FILE argument\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
