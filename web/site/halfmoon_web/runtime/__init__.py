"""The runtime's start: the standard library on first use, PyScript's package as bytecode."""
