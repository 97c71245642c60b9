# A small stand-in for the app, to test the platform by itself: each press lights the
# next pixel in the key's colour; confirm counts presses in NVM (kept over resets);
# data lines come back upper-cased; key events are reported on the data channel.
import hw

COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))

h = hw.Hardware(hw.load_settings())
frame = bytearray(3 * h.pixel_count)
buf = bytearray(64)
count = 0
if h.nvm is not None and h.nvm[0] != 0xFF:
    count = h.nvm[0]
for i in range(count):
    frame[3 * i + 2] = 255              # blue: confirms remembered
lit = count
print("test firmware up, %d confirms saved" % count)
while True:
    h.feed()
    key = h.poll_key()
    if key >= 0:
        h.write_data(b"key %d %d\n" % (key, h.ticks_ms()))
        if key & 1:
            r, g, b = COLOURS[key >> 1]
            frame[3 * lit] = r
            frame[3 * lit + 1] = g
            frame[3 * lit + 2] = b
            lit = (lit + 1) % h.pixel_count
            if key >> 1 == 2 and h.nvm is not None:
                count += 1
                h.nvm[0:1] = bytes((count,))
    n = h.read_data(buf)
    if n:
        h.write_data(bytes(buf[:n]).upper())
    h.show(frame)
