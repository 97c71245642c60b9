"""bench/board_latency.py runs in a small configuration under the real MicroPython, and prints
figures that parse, are positive and are ordered (mean <= p95 <= worst)."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NUM = r"([0-9]+(?:\.[0-9]+)?)"
GROUP = re.compile(r"^  (set-up menu|game of people|all presses) +(\d+) presses: mean %s ms, p95 %s ms, "
                   r"worst %s ms; RP2040 estimate: mean %s-%s ms, p95 %s-%s ms, worst %s-%s ms$"
                   % ((NUM,) * 9))


def test_latency_figures_parse_and_are_ordered():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "board_latency.py"), "--boots", "1",
                          "--presses", "30", "--reference-divisor", "10"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()

    refs = [line for line in lines if re.match(r"^  integer \w+ +\d+ times:", line)]
    assert len(refs) == 3
    for line in refs:
        here = float(re.search(r"times: +%s ms here" % NUM, line).group(1))
        factors = [float(f) for f in re.findall(r"\(x%s\)" % NUM, line)]
        assert here > 0 and len(factors) == 2 and all(f > 1 for f in factors)
    factor, lo, hi, spread = map(float, re.search(
        r"under CircuitPython: %s \(the integer addition's best\); beside the boots and presses %s \.\. %s "
        r"\(used\); the highest row's is %s times" % ((NUM,) * 4), out.stdout).groups())
    assert factor > 1 and 0 < lo <= hi and spread >= 1

    boot = [line for line in lines if line.startswith("boot 1:")]
    assert len(boot) == 1
    imports, app, first = map(float, re.search(r"imports %s ms, App\(\) done %s ms, first frame %s ms"
                                               % (NUM, NUM, NUM), boot[0]).groups())
    assert 0 < imports < app <= first
    median, lo, hi, e_lo, e_hi = map(float, re.search(
        r"^boot to first frame: median %s ms of 1 \(%s \.\. %s\); RP2040 estimate %s-%s ms$"
        % ((NUM,) * 5), out.stdout, re.M).groups())
    assert median == lo == hi == first and 0 < e_lo <= e_hi

    groups = {}
    for line in lines:
        m = GROUP.match(line)
        if m:
            groups[m.group(1)] = (int(m.group(2)), [float(x) for x in m.groups()[2:]])
    assert set(groups) == {"set-up menu", "game of people", "all presses"}
    assert groups["game of people"][0] == 30            # the presses asked for, each changed a frame
    assert groups["set-up menu"][0] >= 5                # a page at least each
    assert groups["all presses"][0] == groups["set-up menu"][0] + 30
    for count, (mean, p95, worst, em_lo, em_hi, ep_lo, ep_hi, ew_lo, ew_hi) in groups.values():
        assert 0 < mean <= p95 <= worst
        assert 0 < em_lo <= ep_lo <= ew_lo and em_hi <= ep_hi <= ew_hi
        assert em_lo <= em_hi and ep_lo <= ep_hi and ew_lo <= ew_hi
    assert "the game cut short; 0 without a changed frame" in out.stdout

    pass_ms, e_lo, e_hi = map(float, re.search(r"^a loop pass without a press: mean %s ms; RP2040 estimate %s-%s ms"
                                               % ((NUM,) * 3), out.stdout, re.M).groups())
    assert pass_ms > 0 and e_lo <= e_hi

    worst = {}
    for m in re.finditer(r"^worst press, (set-up menu|game of people): #(\d+) of (\d+), "
                         r"(roll|select|confirm|back).*: %s ms, \d+ frames shown, \d+ loop passes$" % NUM,
                         out.stdout, re.M):
        assert int(m.group(3)) == groups["all presses"][0]
        worst[m.group(1)] = float(m.group(5))
    assert worst == {name: groups[name][1][2] for name in ("set-up menu", "game of people")}
