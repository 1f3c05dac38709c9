"""The formal model of the laws of whist ("rules as code").  See README.md."""
from .core import Ruling
from .engine import compare, evaluate
from .situation import InvalidSituation, Situation

__all__ = ["Situation", "InvalidSituation", "evaluate", "compare", "Ruling"]
