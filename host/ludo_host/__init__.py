"""ludo_host: the PC side of the Ludo board (logger, replay, verify, stats, virtual board, deploy)."""
