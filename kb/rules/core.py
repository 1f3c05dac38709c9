"""Core of the rules-as-code model: the ``@law`` decorator, findings, unknowns, rulings.

A *rule* is a plain function ``rule(s: Situation, c: dict) -> Finding | Unknown | list | None``
where ``s`` is the situation and ``c`` the conclusions reached so far by earlier rules (rules run
in registration order, area by area, so an exception registered after its general rule
overrides it -- the Catala pattern).  A rule returning ``None`` does not apply and is not traced.

Provenance: ``@law("english", "72", "I")`` gives the id ``english/72/I``.  A rule may carry
several ``@law`` decorators (the same text under two codes, e.g. english/78 and
english-revised/82).  Rules whose authority is not a numbered law (Drayson's decisions, the
"unwritten but well-established custom") use a non-code provenance and say which codes they
apply to: ``@law("drayson", "custom/wrong-penalty", applies_to=("english",))``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from kb.codes import ORDER as CODES

from .conclusions import check_keys


@dataclass
class Finding:
    """What a rule concludes: ``conclusions`` merged into the ruling, ``step`` for the trace.

    ``steps`` are extra ``(law_id, text)`` trace entries (e.g. from a calculator that applies
    several laws in turn)."""
    conclusions: dict[str, Any] = field(default_factory=dict)
    step: str = ""
    steps: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_keys(self.conclusions)


def finding(step: str = "", **conclusions: Any) -> Finding:
    return Finding(dict(conclusions), step)


@dataclass
class Unknown:
    """A fact the ruling depends on is not given: which fact, the question, what each value changes."""
    fact: str
    question: str
    effects: dict[Any, str] = field(default_factory=dict)
    #: conclusion keys the fact can change (optional; used when its values cannot be tried out,
    #: see ``engine.depends_on``)
    affects: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        d = {"fact": self.fact, "question": self.question,
             "effects": {str(k).lower() if isinstance(k, bool) else str(k): v
                         for k, v in self.effects.items()}}
        if self.affects:
            d["affects"] = list(self.affects)
        return d


@dataclass
class Ruling:
    code: str
    conclusions: dict[str, Any] = field(default_factory=dict)
    trace: list[dict[str, str]] = field(default_factory=list)
    missing: list[dict[str, Any]] = field(default_factory=list)
    #: provenance of each conclusion: key -> id of the rule (law) that last set it
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def laws(self) -> list[str]:
        seen: list[str] = []
        for t in self.trace:
            if t["law"] not in seen:
                seen.append(t["law"])
        return seen

    def as_dict(self) -> dict:
        return {"code": self.code, "conclusions": self.conclusions,
                "trace": self.trace, "missing": self.missing, "sources": self.sources}

    def step_for(self, key: str) -> dict[str, str] | None:
        """The trace entry of the rule that concluded ``key`` (its law id, and its step text when
        the rule wrote one), or None when ``key`` was not concluded."""
        law_id = self.sources.get(key)
        if law_id is None:
            return None
        step = next((t["step"] for t in reversed(self.trace) if t["law"] == law_id), "")
        return {"law": law_id, "step": step}


@dataclass(frozen=True)
class Provenance:
    source: str          # "english", "american-1894", ..., or "drayson"
    number: str          # "72", "custom/wrong-penalty"
    section: str | None = None

    @property
    def id(self) -> str:
        return "/".join(p for p in (self.source, self.number, self.section) if p)


@dataclass
class Rule:
    fn: Callable
    provenance: Provenance
    codes: tuple[str, ...]
    area: str

    @property
    def id(self) -> str:
        return self.provenance.id

    @property
    def name(self) -> str:
        return self.fn.__name__


#: every registration, in import order
REGISTRY: list[Rule] = []


def law(source: str, number: str | int, section: str | None = None, *,
        applies_to: Iterable[str] | None = None) -> Callable:
    """Register a rule with its provenance.  ``source`` is a code (``english``,
    ``american-1894``, ``english-revised``, ``american-1890``) or ``drayson`` (a decision or a
    custom he reports) -- then ``applies_to`` names the codes it is used under."""
    codes = tuple(applies_to) if applies_to else (source,)
    for c in codes:
        if c not in CODES:
            raise ValueError(f"rule {source}/{number}: unknown code {c!r} (give applies_to=)")

    def deco(fn: Callable) -> Callable:
        area = fn.__module__.rsplit(".", 1)[-1]
        REGISTRY.append(Rule(fn, Provenance(source, str(number), section), codes, area))
        return fn
    return deco


def rules_for(code: str) -> list[Rule]:
    if code not in CODES:
        raise ValueError(f"unknown code {code!r}; known: {', '.join(CODES)}")
    return [r for r in REGISTRY if code in r.codes]


def modelled_laws(code: str) -> set[str]:
    """Law numbers of ``code`` that some registered rule names as its provenance."""
    return {r.provenance.number for r in REGISTRY if r.provenance.source == code}


_CONCLUDES: dict[int, frozenset[str]] = {}


def concludes(rule: Rule) -> frozenset[str]:
    """The conclusion keys a rule can set, read from its source: keyword arguments of
    ``finding(...)``, string keys of dict literals and ``....conclusions["key"] = ...``
    assignments.  Read once per rule (the model's static answer to "which laws conclude K?")."""
    k = id(rule.fn)
    if k not in _CONCLUDES:
        import ast
        import inspect
        import textwrap
        keys: set[str] = set()
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(rule.fn)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        for node in ast.walk(tree) if tree else ():
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "finding":
                keys |= {kw.arg for kw in node.keywords if kw.arg}
            elif isinstance(node, ast.Dict):
                keys |= {x.value for x in node.keys if isinstance(x, ast.Constant) and isinstance(x.value, str)}
            elif isinstance(node, ast.Subscript) and getattr(node.value, "attr", None) == "conclusions" \
                    and isinstance(node.slice, ast.Constant):
                keys.add(node.slice.value)
        _CONCLUDES[k] = frozenset(x for x in keys if not x.startswith("_"))
    return _CONCLUDES[k]


def laws_concluding(key: str, code: str) -> list[str]:
    """Ids of the rules of ``code`` that can conclude ``key``, in registration order."""
    return [r.id for r in rules_for(code) if key in concludes(r)]


def register_equivalents(from_code: str, to_code: str, numbers: dict[str, str]) -> int:
    """Where ``to_code`` repeats a law of ``from_code`` word for word (``numbers``: from-law ->
    to-law), the rules of the first are also rules of the second, under the second's number
    (so a trace under the revised code cites the revised law).  Returns how many were added."""
    added = 0
    for rule in [r for r in REGISTRY if r.provenance.source == from_code]:
        target = numbers.get(rule.provenance.number)
        if target is None:
            continue
        REGISTRY.append(Rule(rule.fn, Provenance(to_code, target, rule.provenance.section),
                             (to_code,), rule.area))
        added += 1
    return added
