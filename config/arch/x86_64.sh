# The x86_64 guest: sourced by scripts/configure, build-kernel and run-qemu.
KARCH=x86_64
CROSS_COMPILE=
IMAGE=arch/x86/boot/bzImage
TARGETS="bzImage modules"
QEMU="qemu-system-x86_64 -machine q35 -accel tcg -cpu qemu64"
CONSOLE=ttyS0
# a second serial port carries the results
RESULTS_PORT=yes
