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


def test_a_running_virtual_board_is_found_by_its_stable_path(monkeypatch, tmp_path, capsys):
    """The virtual board's data channel is a pty whose number changes from run to run;
    while it runs it keeps VIRTUAL_LINK leading to it, found when no board is plugged in."""
    import os
    link = tmp_path / "data-port"
    monkeypatch.setattr(ports, "VIRTUAL_LINK", str(link))
    monkeypatch.setattr(ports, "_comports", lambda: [])
    assert ports.find_board_port() is None
    target = tmp_path / "pts-stand-in"
    target.write_text("")
    assert ports.publish_virtual_port(str(target)) == str(link)
    assert os.readlink(link) == str(target)
    assert ports.find_board_port() == str(link)
    assert ports.find_board_port(virtual=False) is None
    assert ports.find_board_port([port("/dev/ttyACM1", "CircuitPython CDC2")]) == "/dev/ttyACM1"

    class Args:
        board = False

    assert ports.run(Args()) == 0
    out = capsys.readouterr().out
    assert "virtual board" in out
    # a virtual board is no CircuitPython: the legend of the mark says what it is
    assert "* = the virtual board's data channel: `ludo-host log` reads it" in out
    assert "CircuitPython" not in out
    Args.board = True
    assert ports.run(Args()) == 0 and capsys.readouterr().out == str(link) + "\n"
    ports.withdraw_virtual_port("/dev/pts/somebody-else")   # not ours: left alone
    assert os.path.islink(link)
    target.unlink()                                         # a stale link (board killed)
    assert ports.find_board_port() is None
    ports.withdraw_virtual_port(str(target))
    assert not os.path.lexists(link)


def test_the_link_of_a_killed_virtual_board_is_not_believed(monkeypatch, tmp_path):
    """kill -9 (or its terminal closed) leaves the link behind, leading to a pty that a new
    shell soon takes: the link counts only while the process that made it lives."""
    import os
    import subprocess
    import sys
    link = tmp_path / "data-port"
    monkeypatch.setattr(ports, "VIRTUAL_LINK", str(link))
    monkeypatch.setattr(ports, "_comports", lambda: [])
    target = tmp_path / "pts-stand-in"
    target.write_text("")
    board = subprocess.Popen([sys.executable, "-c", "import sys, time\n"
                              "sys.path.insert(0, %r)\n"
                              "from ludo_host import ports\n"
                              "ports.VIRTUAL_LINK = %r\n"
                              "ports.publish_virtual_port(%r)\n"
                              "print('up', flush=True)\n"
                              "time.sleep(60)\n" % (str(ports.__file__).rsplit("/ludo_host/", 1)[0],
                                                    str(link), str(target))],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert board.stdout.readline() == "up\n"
        assert ports.find_board_port() == str(link)         # its board runs
    finally:
        board.kill()
        board.wait()
    assert os.path.islink(link)                             # left behind ...
    assert ports.find_board_port() is None                  # ... and not believed
    (tmp_path / "data-port.pid").unlink()
    assert ports.find_board_port() is None                  # nor without its pid


def test_no_board_anywhere_mentions_the_virtual_board(monkeypatch, capsys):
    monkeypatch.setattr(ports, "_comports", lambda: [])

    class Args:
        board = False

    assert ports.run(Args()) == 1
    assert capsys.readouterr().out == (
        "no serial ports found: is the board plugged in? (without a board, `ludo-host board --virtual` "
        "runs a virtual one, which `ludo-host log` finds)\n")
    monkeypatch.setattr(ports, "_comports", lambda: [port("/dev/ttyS0")])
    assert ports.run(Args()) == 0
    assert "`ludo-host board --virtual` runs a virtual one" in capsys.readouterr().out
    Args.board = True
    assert ports.run(Args()) == 1
    assert "`ludo-host board --virtual` runs a virtual one" in capsys.readouterr().err


def test_the_mark_of_a_plugged_in_board_is_explained(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(ports, "VIRTUAL_LINK", str(tmp_path / "none"))
    monkeypatch.setattr(ports, "_comports", lambda: [port("/dev/ttyACM0", "CircuitPython CDC control"),
                                                     port("/dev/ttyACM1", "CircuitPython CDC2")])

    class Args:
        board = False

    assert ports.run(Args()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line[0] for line in lines[:2]] == [" ", "*"] and "/dev/ttyACM1" in lines[1]
    assert lines[-1] == ("* = a board's data channel (its USB interface says CircuitPython CDC2): "
                         "`ludo-host log` reads it")
