# KTAP output for one suite, in the layout KUnit's debugfs "results" file
# uses, so that scripts/parse-results reads every kind the same way.  The
# one shell writer of KTAP: the guest's suites source it through lib.sh,
# scripts/check-harness sources it on the host.  Plain POSIX sh (busybox).
#
#   ktap_begin SUITE NUMBER_OF_CASES
#   ktap_case NAME COMMAND...    passes when COMMAND succeeds; COMMAND
#                                sees the case's name in $ktap_name
#   ktap_skip NAME REASON        a case that cannot run here
#   ktap_diag TEXT               a diagnostic line inside the suite
#   ktap_end                     the suite's own result line
ktap_begin() {
	KTAP_SUITE=$1 KTAP_N=0 KTAP_FAILED=0
	printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: %s\n    1..%d\n' "$1" "$2"
}
ktap_diag() { printf '    # %s\n' "$*"; }
ktap_case() {
	ktap_name=$1; shift
	KTAP_N=$((KTAP_N + 1))
	if "$@"; then
		printf '    ok %d %s\n' $KTAP_N "$ktap_name"
	else
		KTAP_FAILED=1
		printf '    not ok %d %s\n' $KTAP_N "$ktap_name"
	fi
}
ktap_skip() {
	KTAP_N=$((KTAP_N + 1))
	printf '    ok %d %s # SKIP %s\n' $KTAP_N "$1" "$2"
}
ktap_end() {
	if [ $KTAP_FAILED -eq 0 ]; then
		printf 'ok 1 %s\n' "$KTAP_SUITE"
	else
		printf 'not ok 1 %s\n' "$KTAP_SUITE"
	fi
}
