# QEMU's raspi3b board (BCM2837, 4 Cortex-A53, 1 GiB), booted with the
# board's own device tree from the kernel tree and the arm64 image.
KARCH=arm64
CROSS_COMPILE=aarch64-linux-gnu-
IMAGE=arch/arm64/boot/Image
TARGETS="Image"
QEMU="qemu-system-aarch64 -machine raspi3b -accel tcg"
# the board's memory and cores are fixed
MEM=1G
SMP=4
# the PL011 (uart0), QEMU's first serial port
CONSOLE=ttyAMA0
# one UART: results are console lines starting with "tdp-result: "
RESULTS_PORT=no
# the board's device tree, built with the image
BOARD_DTB=arch/arm64/boot/dts/broadcom/bcm2837-rpi-3-b.dtb
# timed under -icount at four vCPUs only: with one, the three parked
# cores spin in the firmware's WFE loop and a boot takes minutes
ICOUNT_CPUS=4
