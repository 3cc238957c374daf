"""tbxl: FIDE C.07 chess tie-breaks with derivations, for the command line, Excel and print.

The core (model, conventions, tie-breaks, standings) uses the standard library only.
"""

__version__ = "0.1.0"
