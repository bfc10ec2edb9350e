// SPDX-License-Identifier: GPL-2.0
/* plant_kunit - a KUnit suite with one passing and one failing case. */
#include <kunit/test.h>
#include <linux/module.h>

static void plant_passes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1, 1);
}

static void plant_fails(struct kunit *test)
{
	KUNIT_EXPECT_EQ_MSG(test, 1, 2, "deliberate failure");
}

static struct kunit_case plant_cases[] = {
	KUNIT_CASE(plant_passes),
	KUNIT_CASE(plant_fails),
	{}
};

static struct kunit_suite plant_suite = {
	.name = "plant",
	.test_cases = plant_cases,
};
kunit_test_suite(plant_suite);

MODULE_DESCRIPTION("Harness self-test: a planted KUnit failure");
MODULE_LICENSE("GPL");
