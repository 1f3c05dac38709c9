"""The yes/no verdict, calibrated: the ways a verdict can be reached, in one place, and the one
policy that decides which of them may speak.

Deciders (each gives an ``Opinion`` or nothing):
- the rules model (``kb.answering.checker``: facts read from the question, the rules evaluated);
- the wording of the law retrieved (``kb.answering.reading``);
- a decided case that asks the same thing (``kb.answering.precedent``).

Policy (a wrong ruling is worse than none):
1. The model speaks only when the question's asked conclusion is identified by two witnesses —
   the cues of ``kb.nlu`` and the similarity of the question to the declared conclusions of
   the laws retrieved (``kb.answering.asked``) — when it rests on a law retrieval also found,
   and when neither the law's wording nor a close precedent reads the other way.
2. When a fact the asked conclusion depends on is missing, nobody speaks: the answer asks for it.
3. Without the model, a close precedent may speak (labelled as such) if the wording does not
   disagree. The wording alone never gives a verdict: it is a witness, not a judge.
Otherwise the answer abstains and says why.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kb.answering import asked, checker, precedent, reading
from kb.answering.contract import Check
from kb.rules.conclusions import declared

TOP_LAWS = asked.TOP_LAWS
REACHED_MARGIN = 0.05    # a conclusion the model did not reach must match this much better to stop it


@dataclass(frozen=True)
class Opinion:
    by: str             # "rules model" | "law wording" | "precedent"
    verdict: str        # "yes" | "no"
    detail: dict


def _model(check: Check) -> Opinion | None:
    v = check.verdict
    return Opinion("rules model", v, {}) if v in ("yes", "no") else None


def _wording(question, results, records, code) -> Opinion | None:
    r = reading.read(question, results, records, code)
    return Opinion("law wording", r["verdict"], r) if r else None


def _precedent(question, results, records, searcher) -> Opinion | None:
    p = precedent.decide(question, records, searcher, results)
    return Opinion("precedent", p["verdict"], p) if p else None


def decide(question: str, check: Check | None, results, records: dict, searcher, code: str) -> Check | None:
    """The checker's result with the verdict the policy allows (and ``abstained``: why not)."""
    if check is None:
        return None
    facts = check.facts
    if facts.get("polarity") != "yes-no":
        return check
    code = facts.get("code") or code
    model = _model(check)
    if model is None and check.status == "insufficient-facts" and check.missing_facts:
        return check                                    # 2: ask for the fact
    # the wording is read from the question's words only: when the asker answered a follow-up,
    # the deciding facts are not in those words, and the wording is no witness to them
    given = "given" in ((facts.get("sources") or {}).values())
    wording = None if given else _wording(question, results, records, code)
    close = _precedent(question, results, records, searcher)
    others = [o for o in (wording, close) if o is not None]
    if model is not None:
        why = _doubt(question, check, results, others)
        if why is None:
            return check
        return _abstain(check, why)
    read = _declared_reading(question, check, results)
    if read is not None:
        against = [o for o in others if o.verdict != read.verdict]
        if not against:
            return read
    if close is not None and (wording is None or wording.verdict == close.verdict):
        return replace(check, verdict=close.verdict, precedent=close.detail)
    return check


def _doubt(question: str, check: Check, results, others: list[Opinion]) -> str | None:
    """Why the model's verdict should not be given, or None."""
    if check.status == "contradicted":
        return "the rules model rests on a different law from the one that best matches your question"
    asks = check.facts.get("asks")
    cue_keys = checker.answer_keys(asks)
    # a question read the other way round already ("Can they stop him playing it?") is not doubted for it
    # (the conclusion asked, the first of its keys: a composite reads the others its own way round,
    # "in time to avoid a revoke" asks the renounce corrected, not the revoke established)
    read = tuple(v for f, v in (check.facts.get("sources") or {}).items() if f != "code" and isinstance(v, str))
    turned = None if check.facts.get("asked_negated") else next(
        (k for k in cue_keys[:1] if asked.reverses(question, k, "negators", read) or asked.negates_term(question, k)),
        None)
    if turned is not None:
        return (f"your question may ask the opposite of “{declared()[turned].question}” (it turns it "
                f"round: “{asked.asked_clause(question)}”)")
    laws = [h.id for h in results.laws[:TOP_LAWS]] + list(check.deciding_laws or [])
    ranked = asked.candidates(getattr(results, "query_vector", None), check.conclusions or {}, laws, cue_keys)
    # a question that asks its conclusion the other way round ("Can we just play the hand?" asks
    # whether the new deal is compulsory): its rivals are read against the conclusion's own reading
    own = asked.TURNED.get(check.verdict) if check.facts.get("asked_negated") else check.verdict
    if ranked and not asked.agrees(question, cue_keys, ranked, own):
        best = declared()[ranked[0].key]
        return (f"I am not sure the question asks what the rules model decided; it may ask "
                f"“{best.question}”")
    against = [o for o in others if o.verdict != check.verdict and not _reads_an_overridden_law(o, check)
               and not _reads_the_deciding_law(o, check)]
    if against:
        return f"the {' and the '.join(o.by for o in against)} read{'s' if len(against) == 1 else ''} the other way"
    return None


def _reads_the_deciding_law(o: Opinion, check: Check) -> bool:
    """The wording read the very law whose rule decided: the rule reads that law's conditions
    one by one, the wording only the polarity of its clause ("asserting that it is not his deal"
    is no "no"), so the wording is no witness against it."""
    law = o.detail.get("law") if o.by == "law wording" else None
    return bool(law) and any(law == l or l.startswith(law + "/") for l in check.deciding_laws or [])


def _reads_an_overridden_law(o: Opinion, check: Check) -> bool:
    """The wording read a law whose rule the model applied and a rule written after it overrode."""
    law = o.detail.get("law") if o.by == "law wording" else None
    return bool(law) and any(law == l or law.startswith(l + "/") for l in check.overridden_laws or [])


def _declared_reading(question: str, check: Check, results) -> Check | None:
    """When no cue named what is asked: the conclusion the model reached that both witnesses
    pick (the words of the asking clause and the question's dense vector, against the declared
    conclusions of the laws retrieved and of the model's findings), read by its declaration:
    the check with that verdict."""
    if check.status not in ("confirmed", "not-covered") or check.facts.get("asks"):
        return None
    # a premise ("Is it a lead out of turn?") restates what the story tells: asked only when a cue
    # names it (kb/nlu/asks.yaml), never read into a question that names nothing
    table = declared()
    reached = {k: v for k, v in (check.conclusions or {}).items()
               if isinstance(v, bool) and not (k in table and table[k].asked_by_cue_only)}
    if not reached:
        return None
    laws = [h.id for h in results.laws[:TOP_LAWS]]
    dense = asked.candidates(getattr(results, "query_vector", None), reached, laws)
    # the best candidate the model reached, if no declared conclusion it did not reach matches
    # the question clearly better (a margin of dense similarity); both witnesses pick it
    best = next((c for c in dense if c.reached), None)
    if best is None or dense[0].similarity - best.similarity > REACHED_MARGIN:
        return None
    lexical = [k for k, _ in asked.lexical_rank(question, [c.key for c in dense if c.reached])]
    if not lexical or lexical[0] != best.key:
        return None
    key = best.key
    law = (check.conclusion_sources or {}).get(key)
    # the rule that reached it applies a law retrieval found (or a section of one), or a decided
    # case retrieval found
    found = laws + [h.id for h in getattr(results, "cases", [])[:TOP_LAWS]]
    if law is None or not any(law == l or law.startswith(l + "/") for l in found) or asked.reverses(question, key):
        return None
    c = declared()[key]
    verdict = c.reads(reached[key])
    text = next((t["step"] for t in reversed(check.trace) if t["law"] == law), "") or c.label
    text = checker.asker_terms(text, check.facts.get("names") or {}, bool(check.facts.get("first_person")))
    ruling = (f"{verdict.capitalize()}. {text[:1].upper() + text[1:]} ({checker.label(law)}). "
              f"Read as your question “{c.question}”.")
    return replace(check, verdict=verdict, ruling=ruling, status="confirmed", deciding_laws=[law], asked=key)


def _abstain(check: Check, why: str) -> Check:
    finding = check.ruling or ""
    for prefix in ("Yes. ", "No. "):
        if finding.startswith(prefix):
            finding = finding[len(prefix):]
    ruling = (f"Not decided: {why}. The rules model's finding, for what it is worth: {finding}"
              if finding else f"Not decided: {why}.")
    return replace(check, verdict=None, status="insufficient-facts" if check.status == "confirmed"
                   else check.status, ruling=ruling, abstained=why)
