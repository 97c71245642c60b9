# Runs once at power-up: turn on the USB data channel next to the REPL console.
#
# Wrapped so that a board without usb_cdc (or an older CircuitPython) still boots.
try:
    import usb_cdc
    usb_cdc.enable(console=True, data=True)
except (ImportError, AttributeError, RuntimeError, ValueError) as exc:
    print("boot.py: no USB data channel (%s)" % exc)
