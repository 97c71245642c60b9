"""The current limiter: no frame sent to the strip is estimated above the budget."""
from hypothesis import given, settings, strategies as st

from ludoboard import scene as power

PIXELS = 99


def frames(max_pixels=120):
    return st.integers(1, max_pixels).flatmap(
        lambda n: st.one_of(
            st.binary(min_size=3 * n, max_size=3 * n),
            st.just(b"\xff" * (3 * n)),
            st.just(b"\x00" * (3 * n)),
        ))


def test_estimate_matches_the_wled_rule():
    # 99 dark pixels: 99 mA idle; one channel at full adds 20 mA; a white pixel 60 mA.
    assert power.estimate_ma(bytes(3 * PIXELS)) == 99
    assert power.estimate_ma(b"\xff" + bytes(3 * PIXELS - 1)) == 99 + 20
    assert power.estimate_ma(b"\xff\xff\xff" + bytes(3 * PIXELS - 3)) == 99 + 60
    # all 99 pixels white at full: ~6 A, far over USB's 500 mA
    assert power.estimate_ma(b"\xff" * (3 * PIXELS)) == 99 + 99 * 60


def test_white_board_is_cut_to_the_budget_and_keeps_its_hue():
    frame = bytearray(b"\xff" * (3 * PIXELS))
    out = bytearray(len(frame))
    scale = power.limit(frame, out, 100, 500)
    assert power.estimate_ma(out) <= 500
    assert power.estimate_ma(out) >= 480          # not needlessly dark
    assert scale < 256 and len(set(out)) == 1


def test_brightness_alone_when_under_budget():
    frame = bytearray(range(0, 3 * 10))
    out = bytearray(len(frame))
    assert power.limit(frame, out, 30, 500) == power.brightness_scale(30)
    assert list(out) == [(v * power.brightness_scale(30)) >> 8 for v in frame]
    assert power.limit(frame, out, 100, 500) == 256 and out == frame
    assert power.limit(frame, out, 0, 500) == 0 and not any(out)


def test_budget_below_idle_floor_gives_a_dark_frame():
    frame = bytearray(b"\x80" * (3 * PIXELS))
    out = bytearray(len(frame))
    power.limit(frame, out, 100, 50)
    assert not any(out)


@settings(deadline=None)
@given(frame=frames(), brightness=st.integers(0, 100), extra=st.integers(0, 20000))
def test_budget_never_exceeded(frame, brightness, extra):
    pixels = len(frame) // 3
    budget = pixels * power.IDLE_MA + extra           # any budget at or above the idle floor
    out = bytearray(len(frame))
    power.limit(bytearray(frame), out, brightness, budget)
    assert power.estimate_ma(out) <= budget


@settings(deadline=None)
@given(frame=frames(), brightness=st.integers(0, 100), extra=st.integers(0, 20000))
def test_under_budget_frame_is_dimmed_only_by_brightness(frame, brightness, extra):
    pixels = len(frame) // 3
    budget = pixels * power.IDLE_MA + extra
    scale = power.brightness_scale(brightness)
    at_brightness = bytes((v * scale) >> 8 for v in frame)
    out = bytearray(len(frame))
    power.limit(bytearray(frame), out, brightness, budget)
    if power.estimate_ma(at_brightness) <= budget:
        assert bytes(out) == at_brightness
    else:
        # over budget: dimmer than the brightness setting, never brighter, per channel
        assert all(o <= a for o, a in zip(out, at_brightness))


def test_power_runs_under_micropython_without_allocating(micropython_stubs):
    out = micropython_stubs.run(
        "import gc\n"
        "from ludoboard import scene as power\n"
        "def measure():\n"
        "    frame = bytearray(b'\\xff' * 297)\n"
        "    out = bytearray(297)\n"
        "    power.limit(frame, out, 100, 500)\n"
        "    gc.collect()\n"
        "    before = gc.mem_alloc()\n"
        "    for i in range(20):\n"
        "        power.limit(frame, out, 100, 500)\n"
        "        power.limit(frame, out, 30, 5000)\n"
        "    used = gc.mem_alloc() - before\n"
        "    scale = power.limit(frame, out, 100, 500)\n"
        "    print(used, power.estimate_ma(out), scale)\n"
        "measure()\n",
        mounts=[__import__("platform_helpers").FIRMWARE])
    allocated, ma, scale = out.split()
    assert int(allocated) == 0
    assert int(ma) <= 500 and int(scale) < 256
