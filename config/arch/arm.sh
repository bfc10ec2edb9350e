# 32-bit arm: one multi-platform ARMv7 image for QEMU's orangepi-pc and
# sabrelite boards (config/arch/orangepi-pc.sh, sabrelite.sh), each booted
# with its own device tree built here.
KARCH=arm
CROSS_COMPILE=arm-linux-gnueabihf-
IMAGE=arch/arm/boot/zImage
TARGETS="zImage allwinner/sun8i-h3-orangepi-pc.dtb nxp/imx/imx6q-sabrelite.dtb"
QEMU="qemu-system-arm -machine virt -accel tcg"
CONSOLE=ttyAMA0
RESULTS_PORT=no
