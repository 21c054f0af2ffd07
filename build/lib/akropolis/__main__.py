"""``python -m akropolis``: see ``cli.py``."""

import sys

try:
    from .cli import main

    status = main()
except KeyboardInterrupt:  # Ctrl-C while the program is still starting
    status = 130
sys.exit(status)
