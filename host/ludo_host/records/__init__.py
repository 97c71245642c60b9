"""Game records on the PC: reading them back (`reading`), writing them as the logger
receives them (`writing`), the bounded lines both go through (`lines`), and checking a
record against the rules core (`verify`, the `ludo-host verify` sub-command)."""
