"""Stand-in for Adafruit's `neopixel` library: same constructor; show() hands the frame to the board sim.

The frame handed over is what the LEDs emit, R,G,B per pixel, whatever the
pixel order (the virtual strip is wired right).
"""
import _board_sim

RGB = "RGB"
GRB = "GRB"
RGBW = "RGBW"
GRBW = "GRBW"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        if pixel_order is None:
            pixel_order = GRB if bpp == 3 else GRBW
        if bpp != 3 or len(pixel_order) != 3 or sorted(pixel_order) != ["B", "G", "R"]:
            raise ValueError("the virtual board has RGB pixels only (bpp=3), not %r" % (pixel_order,))
        if n < 1:
            raise ValueError("n must be at least 1")
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.byteorder = pixel_order
        self.auto_write = auto_write
        self._rgb = bytearray(3 * n)
        self._out = None
        self.brightness = brightness

    def __len__(self):
        return self.n

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = min(max(value, 0.0), 1.0)

    def _set(self, i, value):
        if isinstance(value, int):
            r = (value >> 16) & 0xFF
            g = (value >> 8) & 0xFF
            b = value & 0xFF
        else:
            if len(value) != 3:
                raise ValueError("expected (r, g, b)")
            r, g, b = value
        buf = self._rgb
        j = 3 * i
        buf[j] = r
        buf[j + 1] = g
        buf[j + 2] = b

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.n) if hasattr(index, "indices") else \
                (index.start or 0, self.n if index.stop is None else index.stop, index.step or 1)
            j = 0
            for i in range(start, stop, step):
                self._set(i, value[j])
                j += 1
        else:
            if index < 0:
                index += self.n
            if not 0 <= index < self.n:
                raise IndexError("pixel index out of range")
            self._set(index, value)
        if self.auto_write:
            self.show()

    def __getitem__(self, index):
        if index < 0:
            index += self.n
        if not 0 <= index < self.n:
            raise IndexError("pixel index out of range")
        j = 3 * index
        return (self._rgb[j], self._rgb[j + 1], self._rgb[j + 2])

    def fill(self, color):
        for i in range(self.n):
            self._set(i, color)
        if self.auto_write:
            self.show()

    def show(self):
        level = self._brightness
        if level >= 1.0:
            out = self._rgb
        else:
            if self._out is None:
                self._out = bytearray(3 * self.n)
            out = self._out
            for i in range(3 * self.n):
                out[i] = int(self._rgb[i] * level)
        _board_sim.sim.frame(self.pin, out)

    def deinit(self):
        self._rgb[:] = bytes(3 * self.n)
        self.show()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
