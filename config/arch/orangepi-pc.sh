# QEMU's orangepi-pc board (Allwinner H3, 4 Cortex-A7, 1 GiB), booted with
# the board's own device tree from the kernel tree and the 32-bit arm image.
KARCH=arm
CROSS_COMPILE=arm-linux-gnueabihf-
IMAGE=arch/arm/boot/zImage
TARGETS="zImage"
QEMU="qemu-system-arm -machine orangepi-pc -accel tcg"
# the board's memory and cores are fixed
MEM=1G
SMP=4
# UART0, the 8250 of the device tree's stdout-path
CONSOLE=ttyS0
BOARD_DTB=arch/arm/boot/dts/allwinner/sun8i-h3-orangepi-pc.dtb
# one UART: results are console lines starting with "tdp-result: "
RESULTS_PORT=no
# timed under -icount at one vCPU only: at four the guest does not reach
# /init under icount (its clock runs away or it prints nothing)
ICOUNT_CPUS=1
