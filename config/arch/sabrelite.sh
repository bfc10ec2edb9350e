# QEMU's sabrelite board (NXP i.MX6Q, 4 Cortex-A9, 1 GiB), booted with the
# board's own device tree from the kernel tree and the 32-bit arm image.
KARCH=arm
CROSS_COMPILE=arm-linux-gnueabihf-
IMAGE=arch/arm/boot/zImage
TARGETS="zImage"
# UART2 is the device tree's stdout-path: QEMU's second serial port, so the
# first (UART1) goes nowhere
QEMU="qemu-system-arm -machine sabrelite -accel tcg -serial null"
MEM=1G
SMP=4
CONSOLE=ttymxc1
BOARD_DTB=arch/arm/boot/dts/nxp/imx/imx6q-sabrelite.dtb
# one UART: results are console lines starting with "tdp-result: "
RESULTS_PORT=no
# it cannot power off: the web guest resets it instead
CMDLINE=tdp.reboot
# timed under -icount at one vCPU only: at four the guest does not reach
# /init under icount (its clock runs away or it prints nothing)
ICOUNT_CPUS=1
