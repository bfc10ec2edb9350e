# The arm64 guest: QEMU's "virt" machine booted with a device tree.
KARCH=arm64
CROSS_COMPILE=aarch64-linux-gnu-
IMAGE=arch/arm64/boot/Image
# the raspi3b board (config/arch/raspi3b.sh) boots this image too
TARGETS="Image broadcom/bcm2837-rpi-3-b.dtb"
QEMU="qemu-system-aarch64 -machine virt -accel tcg -cpu cortex-a57"
CONSOLE=ttyAMA0
# one UART: results are console lines starting with "tdp-result: "
RESULTS_PORT=no
