"""`ludo-host`: one console command, one sub-command per job.

Each sub-command lives in its own module, which exposes
``add_arguments(parser)`` and ``run(args) -> int``.  Modules are imported only
when their sub-command runs, so a missing optional dependency of one job never
breaks another.
"""
import argparse
import importlib
import os
import sys

COMMANDS = (
    # name, module, one-line help
    ("board", "ludo_host.virtual", "run the board: the attached one, or a virtual board in the terminal"),
    ("ports", "ludo_host.ports", "list serial ports and mark the board's data channel"),
    ("log", "ludo_host.logger", "log every game from the board to record files"),
    ("web", "ludo_host.web", "the table's live page in a browser, while every game is logged"),
    ("replay", "ludo_host.replay", "step through a recorded game, or write it as an HTML page"),
    ("verify", "ludo_host.records.verify", "check recorded games: every action, every roll, the seed"),
    ("stats", "ludo_host.stats", "statistics over a folder of records"),
    ("analyse", "ludo_host.analysis", "who played well and who was lucky: win chances, luck and errors of recorded games"),
    ("deploy", "ludo_host.deploy", "copy the firmware and its library to the CIRCUITPY drive"),
    ("template", "ludo_host.deploy.template", "write the printable placement template (SVG, to scale) for the pixels and buttons"),
)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ludo-host", description="The PC side of the Ludo board.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub_parsers = {}
    for name, module, help_text in COMMANDS:
        p = sub_parsers[name] = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module)
        try:
            importlib.import_module(module).add_arguments(p)
        except ImportError:
            pass  # reported when the command is run
    # argparse hands a sub-command's unknown options up to the main parser, whose usage
    # does not name them: the sub-command's own usage says what it takes.
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        sub_parsers.get(args.command, parser).error("unrecognized arguments: %s" % " ".join(unknown))
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    try:
        mod = importlib.import_module(args._module)
    except ImportError as exc:
        print("ludo-host %s: not available (%s)" % (args.command, exc), file=sys.stderr)
        return 2
    try:
        status = int(mod.run(args) or 0)
        sys.stdout.flush()      # a closed pipe shows here, not as a message at exit
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _stdout_closed()


def _stdout_closed():
    """The reader of our output went away (`ludo-host ... | head`): stop quietly, as Unix
    tools do.  Python ignores SIGPIPE, so a write to the closed pipe raises instead; point
    stdout at devnull so the flush at exit raises nothing more (see "Note on SIGPIPE" in
    the `signal` module's documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    return 1


if __name__ == "__main__":
    sys.exit(main())
