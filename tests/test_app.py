"""The web page (app/streamlit_app.py) with streamlit's AppTest, and kb/views.py beneath it.

Every page is run with its URL state set (?id=, ?case=, ?q=, ?test=, ?page=) and with bad input:
an empty question, 10,000 characters, <script> in a query, an unknown law in the URL.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kb.present import views
APP = str(Path(__file__).resolve().parent.parent / "app" / "streamlit_app.py")
TIMEOUT = 120          # the first Ask loads the embedding model


@pytest.fixture(scope="module")
def resolver(kb):
    from kb.retrieval.resolver import Resolver
    return Resolver.from_store(kb)


@pytest.fixture
def app(kb_dir, monkeypatch):
    """A function: query params -> a run AppTest of the page."""
    from streamlit.testing.v1 import AppTest
    monkeypatch.setenv("WHIST_DATA", str(kb_dir))

    def run(**params):
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        for k, v in params.items():
            at.query_params[k] = v
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at
    return run


def texts(at) -> str:
    """Everything markdown-ish on the page, joined."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    for kind in ("error", "warning", "info", "success", "subheader", "header", "text"):
        parts += [str(e.value) for e in at.get(kind)]
    return "\n".join(parts)


def button(at, label: str):
    for b in at.button:
        if b.label.startswith(label):
            return b
    raise AssertionError(f"no button {label!r} among {[b.label for b in at.button]}")


# --- kb/views.py ---------------------------------------------------------------------------
def test_linkify_laws_ranges_cases_and_codes(kb):
    ids = kb.ids()
    out = views.linkify("(see Law 61). Laws 56 to 66 and Cases 2 and 4; American law 30; L. 8; "
                        "Law 44, section IV; law 999; Case 200; [english/72]", "english", ids)
    for link in ("[Law 61](?id=english/61)", "[Laws 56](?id=english/56) to [66](?id=english/66)",
                 "[Cases 2](?case=2) and [4](?case=4)", "[American law 30](?id=american-1894/30)",
                 "[L. 8](?id=american-1890/8)", "[Law 44, section IV](?id=english/44/IV)",
                 "[english/72](?id=english/72)"):
        assert link in out, (link, out)
    assert "law 999" in out and "?id=english/999" not in out      # never a link to nothing
    assert "Case 200" in out and "?case=200" not in out


def test_linkify_escapes_markup(kb):
    out = views.linkify("<script>alert(1)</script> *bold* Law 72", "english", kb.ids())
    assert "<script>" not in out and "\\<script\\>" in out
    assert "\\*bold\\*" in out and "[Law 72](?id=english/72)" in out


def test_linkify_code_of_the_text(kb):
    assert "?id=american-1894/30" in views.linkify("see Law 30", "american-1894", kb.ids())


def test_lookup_law(kb, resolver):
    assert views.lookup_law(kb, resolver, "72").ids[0] == "english/72"
    assert views.lookup_law(kb, resolver, "American 30").ids == ["american-1894/30"]
    assert views.lookup_law(kb, resolver, "L. 8").ids == ["american-1890/8"]
    assert views.lookup_law(kb, resolver, "12a", "english-revised").ids == ["english-revised/12a"]
    assert views.lookup_law(kb, resolver, "english/etiquette/III").ids == ["english/etiquette/III"]
    missing = views.lookup_law(kb, resolver, "999", "english")
    assert not missing.ids and "english/91" in missing.message
    assert views.lookup_law(kb, resolver, "").message
    assert views.lookup_law(kb, resolver, "x" * 10_000).message
    assert "nearest" in views.unknown_id_message(kb, resolver, "english/999").lower()


def test_law_view_english_72(kb):
    rows, _ = views.concordance_rows(kb)
    v = views.law_view(kb, "english/72", rows)
    assert v.law.id == "english/72" and [s.number for s in v.sections] == ["I", "II", "III", "IV", "V"]
    assert v.previous.id == "english/71" and v.next.id == "english/73"
    assert {"5", "29", "115"} <= {c.number for c in v.cases}
    if rows:
        assert v.counterparts, "english/72 (revoke penalty) has counterparts in the other codes"
    sec = views.law_view(kb, "english/72/IV", rows)
    assert sec.law.id == "english/72" and sec.focus == "english/72/IV"
    assert views.law_view(kb, "english/999", rows) is None
    assert views.law_view(kb, "drayson/case/93", rows) is None


def test_law_view_notes_and_ends(kb):
    v = views.law_view(kb, "american-1894/30", None)
    assert any(n.id == "american-1894/note/boston-cayenne-solo/30" for n in v.notes)
    assert v.concordance_note                       # says why there are no counterparts
    first = views.law_view(kb, "english/1", None)
    assert first.previous is None and first.next.id == "english/2"


def test_case_filters(kb):
    assert len(views.cases(kb)) == 154
    revoke = views.cases(kb, heading="The Revoke")
    assert revoke and all(c.heading == "The Revoke" for c in revoke)
    citing = views.cases(kb, law="english/72")
    assert {"5", "29", "115"} <= {c.number for c in citing}
    assert all("english/72" in c.cites or any(x.startswith("english/72/") for x in c.cites) for c in citing)
    assert views.cases(kb, text="odd trick") and not views.cases(kb, text="zzzqqq")
    assert "english/72" in views.cited_laws(kb)
    assert "The Revoke" in views.case_headings(kb)


def test_source_views(kb):
    svs = views.source_views(kb)
    assert [s.source.key for s in svs] == ["drayson", "hoyle", "dawson", "american1890"]
    drayson = svs[0]
    assert drayson.counts["case"] == 154 and drayson.counts["test"] == 25
    assert drayson.variant_of > 0 and drayson.variants
    assert sum(len(s.warnings) for s in svs) + len(views.other_warnings(kb, svs)) == len(kb.warnings())


def test_concordance_table_has_a_column_per_code(kb):
    rows, msg = views.concordance_rows(kb)
    if rows is None:
        assert msg
        return
    table = views.concordance_table(rows)
    assert len(table) == len(rows)
    assert all(name in table[0] for name in views.CODE_NAMES.values())


def test_answer_parts_and_prompts():
    parts = views.answer_parts({"answer": "No, he may not.\n\nEnglish law 62 (X): “...” [english/62]"
                                          "\n\nPrecedent — Drayson, case 5: ...\n\nUnder the American "
                                          "code ...\n\nHTML markup in the question was ignored."})
    assert parts["ruling"] == ["No, he may not."] and parts["law"] and parts["precedents"]
    assert parts["other"] == ["Under the American code ..."] and parts["notes"]
    prompts = views.missing_fact_prompts({"missing_facts": [
        {"fact": "cut_for_next_deal", "question": "Had the cards been cut?", "effects": {"true": "too late"}},
        "trick_quitted"]})
    assert prompts[0].startswith("Had the cards been cut?") and "too late" in prompts[0]
    assert prompts[1] == "trick_quitted"


# --- the pages -------------------------------------------------------------------------------
def test_home_is_ask(app):
    at = app()
    assert at.text_area[0].label == "Your question"
    assert at.sidebar.radio[0].value == "Ask"


def test_ask_question_from_url(app):
    at = app(q="My partner led out of turn and they called a heart. Can they also call the card?")
    page = texts(at)
    assert "The law" in page and "?id=english/" in page
    assert "Precedents" in page and "?case=" in page
    assert "Checker:" in page and "Trace" in page


def test_ask_typed_question_sets_url(app):
    at = app()
    at.text_area[0].input("A revoke was claimed after the cards were cut for the next deal")
    button(at, "Ask").click()
    at.run()
    assert not at.exception
    assert at.query_params["q"] == "A revoke was claimed after the cards were cut for the next deal"
    assert "?id=english/" in texts(at)


def test_ask_law_number(app):
    at = app(q="law 72")
    page = texts(at)
    assert "[`english/72`](?id=english/72)" in page and "The penalty for a revoke" in page


def test_ask_empty_question(app):
    at = app()
    at.text_area[0].input("   ")
    button(at, "Ask").click()
    at.run()
    assert not at.exception
    assert any("Please type a question" in w.value for w in at.warning)


def test_ask_ten_thousand_characters(app):
    at = app()
    at.text_area[0].input("revoke " * 1428 + "xxxx")          # 10,000 characters
    assert len(at.text_area[0].value) == 10_000
    button(at, "Ask").click()
    at.run()
    assert not at.exception
    page = texts(at)
    assert "only the first 2000 were read" in page
    assert len(at.query_params["q"]) <= 2000


def test_ask_script_rendered_as_text(app):
    q = "<script>alert('x')</script> my partner revoked"
    at = app(q=q)
    assert any(t.value == q for t in at.text)                 # the question shown verbatim, as text
    for m in at.markdown:
        assert "<script>" not in m.value                      # never raw markup in markdown


def test_ask_off_topic(app):
    at = app(q="What is the capital of France?")
    assert "not-covered" in texts(at) or "do not cover" in texts(at)


def test_laws_page_from_url(app):
    at = app(id="english/72")
    page = texts(at)
    assert "English (club code) — Law 72" in page
    assert "The penalty for a revoke" in page
    assert "Cases citing this law" in page and "Case 5" in " ".join(e.label for e in at.expander)
    labels = [b.label for b in at.button]
    assert any("Law 71" in l for l in labels) and any("Law 73" in l for l in labels)
    button(at, "English (club code) — Law 73").click()
    at.run()
    assert at.query_params["id"] == "english/73"
    assert "English (club code) — Law 73" in texts(at)


def test_laws_lookup_typed(app):
    at = app(page="laws")
    at.text_input(key="law_ref").input("American 30")
    button(at, "Open").click()
    at.run()
    assert at.query_params["id"] == "american-1894/30"
    assert "American (1894) — Law 30" in texts(at)
    at.text_input(key="law_ref").input("L. 8")
    button(at, "Open").click()
    at.run()
    assert at.query_params["id"] == "american-1890/8"


def test_laws_section_and_etiquette(app):
    assert "Section IV" in texts(app(id="english/72/IV"))
    assert "etiquette/III" in texts(app(id="english/etiquette/III"))


def test_laws_unknown_in_url(app):
    at = app(id="english/999")
    assert any("There is no english/999" in e.value and "english/91" in e.value for e in at.error)
    at = app(id="<script>alert(1)</script>")
    assert at.error and "<script>" not in "".join(m.value for m in at.markdown)


def test_laws_unknown_typed(app):
    at = app(page="laws")
    at.text_input(key="law_ref").input("999")
    button(at, "Open").click()
    at.run()
    assert any("no law 999" in w.value for w in at.warning)


def test_cases_page(app):
    at = app(case="93")
    assert at.expander[0].label.startswith("Case 93")
    assert "[Law 61](?id=english/61)" in texts(at)         # "see Law 61" is a link
    at = app(page="cases", law="english/72")
    assert any("of 154 cases" in c.value for c in at.caption)
    assert {e.label.split(" — ")[0] for e in at.expander} >= {"Case 5", "Case 29", "Case 115"}
    at = app(page="cases")
    at.selectbox[0].select("The Revoke")
    at.run()
    assert at.query_params["heading"] == "The Revoke"
    assert all("The Revoke" in e.label for e in at.expander)


def test_cases_unknown(app):
    at = app(case="999")
    assert any("no case 999" in e.value for e in at.error)


def test_concordance_page(app):
    at = app(page="concordance")
    rows_or_message = at.dataframe or any("not" in i.value for i in at.info)
    assert rows_or_message
    formats, msg = views.export_formats("concordance")
    downloads = at.get("download_button")
    if msg:
        assert any(msg in i.value for i in at.info)
    else:
        labels = [d.proto.label for d in downloads]
        assert all(f"concordance .{f}" in labels for f in formats)
        for fmt in formats:                      # what each download button would hand over
            assert views.export_bytes(views_store(), "concordance", fmt)


def views_store():
    import os
    from kb.store.database import Store, db_path
    return Store(db_path(Path(os.environ["WHIST_DATA"])))


def test_selftest_page(app):
    at = app(test="14")
    assert "Test 14." in texts(at) and "draw cards" in texts(at)
    at.text_area(key="mine-14").input("B and Y are partners")
    button(at, "Reveal the ruling").click()
    at.run()
    assert not at.exception
    page = texts(at)
    assert "?id=english/19" in page and "What the referee says" in page
    assert any(t.value == "B and Y are partners" for t in at.text)


def test_selftest_unknown_test(app):
    at = app(test="99")
    assert any("no test 99" in w.value for w in at.warning)
    assert "Test 1." in texts(at)


def test_sources_page(app):
    at = app(page="sources")
    titles = [s.value for s in at.subheader]
    assert len(titles) == 4 and any("Drayson" in t or "Whist Laws and Whist Decisions" in t for t in titles)
    assert "Parsed:" in texts(at) and any(e.label.startswith("Variant readings") for e in at.expander)


def test_navigation_sets_url(app):
    at = app()
    at.sidebar.radio[0].set_value("Sources")
    at.run()
    assert at.query_params["page"] == "sources"
    assert len(at.subheader) == 4


FOLLOW_UP_Q = "They reneged. Can we still claim the revoke?"


def test_follow_up_buttons_decide_the_question(app):
    """A question that lacks the deciding facts shows them as buttons, one at a time; each click
    re-runs the checker with the fact, the URL keeps the facts, and the ruling follows."""
    at = app(q=FOLLOW_UP_Q)
    page = texts(at)
    assert "To decide, tell me:" in page and "turned and quitted" in page
    assert "verdict:" not in page
    button(at, "Yes").click()
    at.run()
    assert not at.exception
    assert at.query_params["fact"] in ("revokes[0].trick_turned_and_quitted=yes", ["revokes[0].trick_turned_and_quitted=yes"])
    page = texts(at)
    assert "Facts you gave: `revokes[0].trick_turned_and_quitted=yes`" in page
    assert "cut for the next deal" in page and "verdict:" not in page
    button(at, "Yes").click()
    at.run()
    assert not at.exception
    page = texts(at)
    assert "verdict: **no**" in page and "Checker: confirmed" in page and "English law 78" in page


def test_follow_up_facts_in_url_are_read(app):
    at = app(q=FOLLOW_UP_Q, fact=["revokes[0].trick_turned_and_quitted=yes", "cut_for_next_deal=no"])
    assert "verdict: **yes**" in texts(at)
