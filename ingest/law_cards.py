"""Law cards: for each law, a few lines in modern table words that say only what the law says,
and questions a player would type that the law answers (data: ingest/law_cards.yaml). They are
indexed beside the law text (doc2query style), so that "my partner reneged" finds the law that
says "revoke"; a card is never shown as the law, only leads to it.

Each card line is its own indexed item, ``card:<law id>/<n>``. The file's `glossary` maps each
modern word a card uses to the period words it stands for; tests/test_law_cards.py checks that
every word of a card is in its law's text, a table word, or a glossary word whose period word is.
"""
from __future__ import annotations

from dataclasses import dataclass
import hashlib
from pathlib import Path

import yaml

from ingest.corpus import CorpusError

CARDS_FILE = Path(__file__).resolve().parent / "law_cards.yaml"
PREFIX = "card:"
LAW_TYPES = ("law", "etiquette", "dummy", "double-dummy")     # the records a card may stand for


class CardsError(CorpusError):
    """The law cards file is unreadable or names a law the corpus does not have."""


@dataclass(frozen=True)
class CardLine:
    id: str            # card:english/72/1
    law: str           # english/72
    text: str

    def content_hash(self) -> str:
        return hashlib.sha256(f"{self.law}\0{self.text}".encode()).hexdigest()[:16]


def load(path: Path | None = None) -> dict:
    path = path or CARDS_FILE
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise CardsError(f"{Path(path).name}: unreadable ({e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardsError(f"{Path(path).name}: expected a mapping with a `cards` list")
    return data


def lines(records, path: Path | None = None) -> list[CardLine]:
    """Every card line, in file order; raises CardsError for a card of a law not among the
    records."""
    path = path or CARDS_FILE
    law_ids = {r.id for r in records if r.type in LAW_TYPES}
    out: list[CardLine] = []
    for card in load(path)["cards"]:
        law = str(card.get("law", ""))
        if law not in law_ids:
            raise CardsError(f"{Path(path).name}: a card for {law or '(no law)'}, which the corpus does not have")
        texts = [str(t) for t in (card.get("says") or []) + (card.get("asks") or [])]
        out += [CardLine(f"{PREFIX}{law}/{i}", law, t) for i, t in enumerate(texts, 1)]
    return out


def digest(path: Path | None = None) -> str:
    """The cards file's hash (part of the KB's fingerprint: new cards make the KB stale)."""
    try:
        return hashlib.sha256(Path(path or CARDS_FILE).read_bytes()).hexdigest()[:16]
    except OSError as e:
        raise CardsError(f"{Path(path or CARDS_FILE).name}: unreadable ({e.strerror})") from None
