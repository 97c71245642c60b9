"""ludo_host: the PC side of the Ludo board, a subpackage per feature: records/ (reading,
writing, verify), logger/, replay/, stats/, deploy/ (and template), virtual/ (the board),
web/ (the live page); cli.py is the table of `ludo-host` sub-commands.  The map, and
which way imports go: docs/host.md."""
