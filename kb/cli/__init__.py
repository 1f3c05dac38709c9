"""`whist`, the command line (see kb/cli/main.py)."""
from kb.cli.main import main

__all__ = ["main"]
