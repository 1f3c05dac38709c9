"""question -> (reference resolver | hybrid search) -> laws + cases -> facts -> rules -> answer.

`Answerer.answer` returns an ``Answer`` (kb/answering/contract.py); `Answerer.ask` its
``as_dict()``, the JSON contract of ../shared/DESIGN.md (plus "elapsed_ms").
Deterministic: the same question gives the same answer.
"""
from __future__ import annotations

import dataclasses
import html
import re
import time

from kb.answering import verdict
from kb.answering.contract import Answer, Check, CheckerReport
from kb.answering.quoting import quote
from kb.codes import ORDER as CODE_ORDER, law_label, named_in
from kb.retrieval.resolver import Resolver
from kb.retrieval.search import Hit, Results, Searcher
from kb.store.database import Store

MAX_QUESTION_CHARS = 2000
NOT_COVERED_DENSE = 0.44        # nearest law/case cosine below this, and no whist word: not about whist
# (on every question set, in-scope questions without a whist word are at 0.50 or more, the
# out-of-scope ones at 0.46 or less)
DECIDING_LAW_WEIGHT = 0.5       # added to a law the rules model decided the question on
CITING_DECIDING_LAW_WEIGHT = 0.1   # ... and to each case citing that law

_TAG = re.compile(r"<[^>]{0,200}>")
# a fact's source that says it was assumed, not read ("The dealer (seat assumed)", "(not said:
# taken to be the other side)" -- kb/nlu/facts.py)
_ASSUMED = re.compile(r"\((seat assumed|not said: [^)]*)\)")


def clean_question(raw: str) -> tuple[str, list[str]]:
    """Plain text of a question (HTML tags and entities removed, whitespace collapsed,
    length capped). Returns the text and notes about what was changed."""
    notes = []
    text = html.unescape(raw or "")
    stripped = _TAG.sub(" ", text)
    if stripped != text:
        notes.append("HTML markup in the question was ignored.")
    text = re.sub(r"\s+", " ", stripped).strip()
    if len(text) > MAX_QUESTION_CHARS:
        notes.append(f"The question was {len(text)} characters long; only the first "
                     f"{MAX_QUESTION_CHARS} were read.")
        text = text[:MAX_QUESTION_CHARS]
    return text, notes


class Answerer:
    def __init__(self, store: Store, dense: bool = True):
        self.store = store
        self.searcher = Searcher(store, dense=dense)
        self.resolver = Resolver.from_store(store)
        self.records = self.searcher.records
        from kb.answering import checker
        self.checker = checker
        self.counterparts = counterparts(store.concordance())

    def answer(self, question: str, qid: str | None = None, mode: str = "hybrid",
               fusion: str = "weighted", use_checker: bool = True, facts: dict | None = None) -> Answer:
        """``facts``: {"revoke.trick_turned_and_quitted": True, ...}, facts of the hand the
        question leaves out (the answers to its follow-up questions)."""
        t0 = time.perf_counter()
        out = self._answer(question, mode, fusion, use_checker, facts or {})
        out.id = qid
        out.elapsed_ms = round((time.perf_counter() - t0) * 1000, 2)
        return out

    def ask(self, question: str, qid: str | None = None, **kw) -> dict:
        """The JSON contract: ``answer(...).as_dict()``."""
        return self.answer(question, qid, **kw).as_dict()

    # ------------------------------------------------------------------------------------
    def _answer(self, raw: str, mode: str, fusion: str, use_checker: bool, given: dict) -> Answer:
        question, notes = clean_question(raw)
        if not re.search(r"[A-Za-z0-9]", question):
            return _empty("Please type a question about the laws of whist, or a law number "
                          "such as “law 72”, “American law 30” or “case 93”.", notes)
        reference = self.resolver.lookup(question)
        if reference is not None:
            return self._lookup_answer(reference, notes)
        code = named_in(question) or "english"
        boost = [self.law_of(i) for ref in self.resolver.find(question) for i in ref.ids]
        # a number named without its code is the question's code's law first ("Under the American
        # laws, what does law 30 say?")
        boost = sorted((b for b in boost if b), key=lambda b: not b.startswith(code + "/"))
        results = self.searcher.search(question, mode=mode, fusion=fusion, code=code,
                                       boost=boost)
        if self._off_topic(question, results):
            return self._not_covered(question, notes)
        check = self.checker.check(question, results, self.records, code, given) if use_checker else None
        ranked = results
        if check is not None and check.deciding_laws:
            ranked = _copy_ranking(results)
            self._rank_deciding_laws(ranked, check.deciding_laws)
        if use_checker:     # the verdict the calibrated policy allows (kb/answering/verdict.py)
            check = verdict.decide(question, check, ranked, self.records, self.searcher, code)
        # the laws the model decided on lead the answer only when its verdict is given: when it
        # abstains, retrieval's order stands (on the blind sets A-H, law hit@1 0.816 against
        # 0.790 when they always led, and 0.803 when they never did)
        if check is not None and check.verdict in ("yes", "no"):
            results = ranked
        return self._compose(question, code, results, check, notes)

    def _rank_deciding_laws(self, results: Results, law_ids: list[str]) -> None:
        """The laws (or Drayson's decisions) on which the rules model decided what was asked
        join the ranking with weight, and the cases citing those laws with a little (retrieval
        and the model are two witnesses; the checker's status compared them before this merge)."""
        for rid in law_ids:
            if rid.startswith("drayson/case/") and rid in self.records:
                _boost(results.cases, rid, DECIDING_LAW_WEIGHT)
                continue
            law = "/".join(rid.split("/")[:2])
            if self.records.get(law) is None or self.records[law].type != "law":
                continue
            _boost(results.laws, law, DECIDING_LAW_WEIGHT)
            for cid in self.store.cited_by(law):
                if cid.startswith("drayson/case/"):
                    _boost(results.cases, cid, CITING_DECIDING_LAW_WEIGHT)
        for hits in (results.laws, results.cases):
            hits.sort(key=lambda h: (-h.score, h.id))
            top = hits[0].score if hits else 1.0
            for h in hits:
                h.score = round(h.score / top, 4)

    def law_of(self, rid: str) -> str | None:
        rec = self.records.get(rid)
        if rec is None:
            return None
        return rec.parent if rec.type == "section" else rid

    def _off_topic(self, question: str, results: Results) -> bool:
        vocab = self.searcher.vocab
        if vocab.other_game(question) and (not re.search(r"\bwhist\b", question, re.I)
                                           or vocab.asks_other_game(question)):
            return True
        if vocab.asks_advice(question):
            return True
        if vocab.whist_groups(question):
            return False
        # the word "whist" alone, or words everyday talk shares with the laws ("table", "best",
        # "game": vocabulary.yaml `everyday`), do not make a question one of the laws ("whist
        # night: what snacks?"): the nearest law or decided case must be near enough (commentary,
        # about clubs and players, is near to much that the laws do not govern)
        nearest = next((score for rid, score in self.searcher.dense(question)[0]
                        if self.records[rid].type in ("law", "section", "case")), 0.0)
        return nearest < NOT_COVERED_DENSE

    def _not_covered(self, question: str, notes: list[str]) -> Answer:
        game = self.searcher.vocab.other_game(question)
        why = (f"This looks like a question about {game}, not whist" if game else
               "This asks for advice on play, or on what to buy or serve; the laws say what is allowed, not which "
               "card (or which pack, or prize) is best"
               if self.searcher.vocab.asks_advice(question) else
               "This does not look like a question about the laws of whist")
        return Answer(f"{why}: the laws of whist (English, revised English and American codes) "
                      "and Drayson's decided cases do not cover it. " + " ".join(notes),
                      verdict="not-covered")

    def _lookup_answer(self, ref, notes: list[str]) -> Answer:
        if not ref.ids:
            near = ", ".join(ref.nearest) or "none"
            return _empty(f"There is no {', '.join(ref.missing)} — the nearest existing: {near}. "
                          "No law has been invented to fill the gap.", notes,
                          missing=ref.missing, nearest=ref.nearest)
        parts, laws, cases = [], [], []
        for rid in ref.ids:
            rec = self.records[rid]
            if rec.type == "case":
                cases.append({"case": int(rec.number), "score": 1.0})
                parts.append(f"Drayson, case {rec.number} ({rec.heading}): {quote(rec.text)} "
                             f"{rec.label or 'Decision'}: {quote(rec.decision or '')}")
            elif rec.type == "test":
                parts.append(f"Drayson, test {rec.number}: {rec.text} (answered by "
                             f"{', '.join(rec.cites) or 'the laws'})")
            else:
                law_id = self.law_of(rid)
                laws.append({"code": law_id.split("/", 1)[0], "law": law_id.split("/", 1)[1],
                             "score": 1.0})
                parts.append(f"{law_label(rid)} ({rec.heading}): “{quote(rec.text, 1200)}” [{rid}]")
        return Answer("\n\n".join(parts + notes), laws, cases, reference=ref.ids)

    def _compose(self, question: str, code: str, results: Results, check: Check | None,
                 notes: list[str]) -> Answer:
        """Ruling sentence first (when the model decided), then the law text, the precedents,
        the other codes, what is missing, the trace."""
        laws = [{"code": h.code, "law": h.law, "score": h.score} for h in results.laws[:10]]
        cases = [{"case": h.case, "score": h.score} for h in results.cases[:10]]
        commentary = [{"id": h.id, "score": h.score} for h in results.commentary[:5]]
        status = check.status if check is not None else "not-covered"
        decided = check is not None and (status in ("confirmed", "contradicted") or check.abstained) and check.ruling
        parts: dict[str, list[str]] = {k: [] for k in ("ruling", "law", "precedents", "other", "notes")}
        for labelled in ((check.precedent, check.reading) if check is not None else ()):
            if labelled:                              # labelled verdicts, when the model has none
                parts["ruling"].append(labelled["sentence"])
        if decided:
            parts["ruling"].append(check.ruling)
        if results.laws:
            top = results.laws[0].id
            rec = self.records[top]
            lead = "" if decided else "The law that governs this: "
            parts["law"].append(f"{lead}{law_label(top)} ({rec.heading}): “{quote(rec.text)}” [{top}]")
        for h in results.cases[:2]:
            rec = self.records[h.id]
            parts["precedents"].append(
                f"Precedent — Drayson, case {rec.number}: {quote(rec.text, 250)} "
                f"{rec.label or 'Decision'}: {quote(rec.decision or '', 250)}")
        links = {h.id: self.counterparts.get(h.id, []) for h in results.laws[:3]}
        concordant = {law: [other for other, _ in found] for law, found in links.items()}
        if results.laws and links[results.laws[0].id]:
            parts["other"].append("In the other codes: " + ", ".join(
                f"{law_label(c)} [{c}{', ' + LINK_WORDS.get(t, t) if t else ''}]"
                for c, t in links[results.laws[0].id]) + ".")
        if check is not None and check.difference:
            parts["other"].append(check.difference)
        if status == "insufficient-facts" and check.missing_facts:
            parts["other"].append("To rule on your hand, tell me: " + " ".join(
                m["question"] for m in check.missing_facts[:2]))
        assumed = [f for f in facts_used(check) if _ASSUMED.search(str(f["from"]))]
        if assumed and (check.verdict or (check.ruling and status in ("confirmed", "contradicted"))):
            parts["other"].append("Assumed, as your question does not say: " + "; ".join(
                f"{f['fact']} = {f['value']} ({_ASSUMED.search(str(f['from'])).group(1)})" for f in assumed)
                + ". If that is not so, say what happened (whist ask ... --fact PATH=VALUE).")
        if check is not None and check.trace:
            parts["other"].append("Trace: " + " → ".join(dict.fromkeys(t["law"] for t in check.trace)) + ".")
        parts["notes"] = list(notes)
        lines = [line for k in ("ruling", "law", "precedents", "other", "notes") for line in parts[k]]
        report = CheckerReport(status, check.trace if check is not None else [],
                               check.missing_facts if check is not None else [], facts_used(check))
        verdict = check.verdict if check is not None else None
        verdict_by = (None if verdict is None else "precedent" if check.precedent
                      else "law wording" if check.reading else "rules model")
        return Answer(
            "\n\n".join(lines), laws, cases, commentary, verdict, report, parts=parts,
            concordant=concordant, verdict_by=verdict_by,
            reading={k: check.reading[k] for k in ("law", "clause", "score", "why")}
            if check is not None and check.reading else None,
            precedent={k: check.precedent[k] for k in ("id", "case", "question", "decision", "score")}
            if check is not None and check.precedent else None)


def facts_used(check: Check | None) -> list[dict]:
    """The facts the rules model was given: each with the words it was read from, or "given"
    when the asker supplied it (a follow-up answered)."""
    if check is None or not check.facts.get("facts"):
        return []
    f = check.facts
    sources = f.get("sources") or {}
    out = []

    def walk(prefix: str, value) -> None:
        if isinstance(value, dict) and value and not all(k in ("AB", "YZ") for k in value):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else k, v)
            return
        src = next((sources[p] for p in (prefix, prefix.rsplit(".", 1)[0]) if p in sources), None)
        out.append({"fact": prefix, "value": value, "from": src or "read from the question"})
    walk("", f["facts"])
    return out


def _copy_ranking(results: Results) -> Results:
    """The results with their law and case hits copied (the rules model's boost changes those)."""
    def hits(hs: list[Hit]) -> list[Hit]:
        return [dataclasses.replace(h, via=list(h.via)) for h in hs]
    return dataclasses.replace(results, laws=hits(results.laws), cases=hits(results.cases))


def _boost(hits: list[Hit], rid: str, weight: float) -> None:
    hit = next((h for h in hits if h.id == rid), None)
    if hit is None:
        hit = Hit(rid, 0.0)
        hits.append(hit)
    hit.score = round(hit.score + weight, 4)
    if "rules model" not in hit.via:
        hit.via.append("rules model")


LINK_WORDS = {"same": "same rule", "narrower": "says more", "broader": "says less",
              "overlaps": "overlaps", "differs": "differs"}


def counterparts(rows: list[dict]) -> dict[str, list[tuple[str, str | None]]]:
    """law id -> (law id, link type) of the laws of the other codes linked to it in the
    concordance (the type read from the first law: same, narrower, broader, overlaps, differs),
    in the codes' order."""
    inverse = {"narrower": "broader", "broader": "narrower"}     # same, overlaps, differs: symmetric
    found: dict[str, dict[str, str | None]] = {}
    for row in rows:
        for x in row.get("links") or []:
            found.setdefault(x["a"], {}).setdefault(x["b"], x["type"])
            found.setdefault(x["b"], {}).setdefault(x["a"], inverse.get(x["type"], x["type"]))

    def order(law_id: str) -> tuple:
        code, n = law_id.split("/", 1)
        m = re.match(r"(\d+)", n)
        return (CODE_ORDER.index(code) if code in CODE_ORDER else len(CODE_ORDER), int(m.group(1)) if m else 0, n)
    return {i: sorted(others.items(), key=lambda kv: order(kv[0])) for i, others in found.items()}


def _empty(message: str, notes: list[str], **extra) -> Answer:
    return Answer(" ".join([message] + notes), **extra)
