"""`ludo-host ports` and find_board_port(): the data channel is the "CircuitPython CDC2" interface."""
from serial.tools.list_ports_common import ListPortInfo

from ludo_host import ports


def port(device, interface=None, description="n/a"):
    info = ListPortInfo(device, skip_link_detection=True)
    info.interface = interface
    info.description = description
    return info


def test_find_board_port_picks_the_data_channel():
    listing = [
        port("/dev/ttyS0"),
        port("/dev/ttyACM0", "CircuitPython CDC control", "Pico - CircuitPython CDC control"),
        port("/dev/ttyACM1", "CircuitPython CDC2", "Pico - CircuitPython CDC2"),
        port("/dev/ttyUSB0", None, "FT232R USB UART"),
    ]
    assert ports.find_board_port(listing) == "/dev/ttyACM1"
    assert ports.find_board_port(listing[:2]) is None
    two = listing + [port("/dev/ttyACM3", "CircuitPython CDC2")]
    assert [p.device for p in ports.board_ports(two)] == ["/dev/ttyACM1", "/dev/ttyACM3"]


def test_ports_command_marks_the_board(monkeypatch, capsys):
    listing = [port("/dev/ttyACM0", "CircuitPython CDC control"), port("/dev/ttyACM1", "CircuitPython CDC2")]
    monkeypatch.setattr(ports, "_comports", lambda: listing)

    class Args:
        board = False

    assert ports.run(Args()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("  /dev/ttyACM0") and out[1].startswith("* /dev/ttyACM1")
    Args.board = True
    assert ports.run(Args()) == 0
    assert capsys.readouterr().out == "/dev/ttyACM1\n"
    monkeypatch.setattr(ports, "_comports", lambda: listing[:1])
    assert ports.run(Args()) == 1
    assert "no board data channel" in capsys.readouterr().err


def test_ports_command_runs_on_this_machine(cli):
    out = cli("ports")
    assert out.returncode in (0, 1) and "Traceback" not in out.stderr
    assert out.stdout.strip()
