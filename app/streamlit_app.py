"""The whist-laws web page. Thin: it lays out what kb/ computes (kb/views.py, kb/answer.py).

Run with `whist serve` (or `streamlit run app/streamlit_app.py` with WHIST_DATA set).
Every page keeps its state in the URL: ?q=QUESTION, ?id=english/72, ?case=93, ?test=14,
?page=concordance|sources|cases|laws|self-test|ask.
User text is only ever shown as text (escaped markdown, st.text); no unsafe HTML anywhere.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
import os
from pathlib import Path
import time

import streamlit as st

from kb.present import views
from kb.store.database import KBMissing, Store, db_path

PAGES = {"ask": "Ask", "laws": "Laws", "cases": "Cases", "concordance": "Concordance",
         "self-test": "Self-test", "sources": "Sources"}
MAX_URL_QUESTION = 2000


# --- shared resources (one per server process) -------------------------------------------
def data_dir() -> Path:
    return Path(os.environ.get("WHIST_DATA") or Path(__file__).resolve().parents[1] / "data")


@st.cache_resource(show_spinner=False)
def get_store(path: str) -> Store:
    return Store(Path(path))


@st.cache_resource(show_spinner=False)
def get_resolver(path: str):
    from kb.retrieval.resolver import Resolver
    return Resolver.from_store(get_store(path))


@st.cache_resource(show_spinner=False)
def get_ids(path: str) -> set[str]:
    return get_store(path).ids()


def _load_answerer(path: str):
    from kb.answering.answer import Answerer
    ans = Answerer(get_store(path))
    for warm in ("my partner led out of turn", "a revoke was claimed after the cards were cut"):
        ans.ask(warm)                      # first inference of a shape is slow; do it now
    return ans


@st.cache_resource(show_spinner=False)
def answerer_future(path: str) -> Future:
    """The Answerer (it holds the embedding model) loads in the background as soon as the
    first page is served, so every page is interactive at once."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="answerer").submit(_load_answerer, path)


def get_answerer(path: str):
    fut = answerer_future(path)
    if not fut.done():
        with st.spinner("Loading the search model (first use only)…"):
            return fut.result()
    return fut.result()


@st.cache_resource(show_spinner=False)
def get_concordance(path: str):
    return views.concordance_rows(get_store(path))


# --- small helpers -----------------------------------------------------------------------
def md(text: str, code: str | None = "english") -> None:
    """Record or answer text with its law/case references as links (text escaped first)."""
    st.markdown(views.linkify(text, code, get_ids(DATA)))


def set_params(**params) -> None:
    """Replace the URL's query string (page state) with params."""
    st.query_params.clear()
    for k, v in params.items():
        if v not in (None, ""):
            st.query_params[k] = str(v)


def goto(page: str, **params) -> None:
    st.session_state.nav = PAGES[page]
    set_params(page=page, **params)


def record_title(rec) -> str:
    if rec.type == "law":
        return f"{views.CODE_NAMES[rec.code]} — Law {rec.number}"
    if rec.type == "case":
        return f"Drayson, Case {rec.number} — {rec.heading}"
    if rec.type == "test":
        return f"Drayson, Test {rec.number}"
    return f"{views.CODE_NAMES.get(rec.code, 'Drayson')} — {rec.id.split('/', 1)[1]}"


def provenance(rec) -> str:
    page = f", page {rec.page}" if rec.page else ""
    return f"`{rec.id}` · {rec.source}, lines {rec.line_start}–{rec.line_end}{page}"


def show_case(rec, expanded: bool = False) -> None:
    with st.expander(f"Case {rec.number} — {rec.heading}", expanded=expanded):
        md(rec.text)
        if rec.decision:
            st.markdown(f"**{rec.label or 'Decision'}.**")
            md(rec.decision)
        if rec.cites:
            st.markdown("Cites: " + ", ".join(f"[{c}]({views.url_for(c)})" for c in rec.cites))
        st.caption(provenance(rec) + f" · [link to this case]({views.url_for(rec.id)})")


# --- pages -------------------------------------------------------------------------------
def page_ask() -> None:
    st.header("Ask a referee")
    st.caption("Describe what happened at the table, or type a law or case number "
               "(“law 72”, “American law 30”, “case 93”).")
    if "question" not in st.session_state:
        st.session_state.question = st.query_params.get("q", "")
    with st.form("ask"):
        st.text_area("Your question", key="question", height=100,
                     placeholder="My partner led out of turn and they called a heart — "
                                 "can they also call the card?")
        submitted = st.form_submit_button("Ask", type="primary")
    question = st.session_state.question if submitted else st.query_params.get("q", "")
    if submitted:
        if question.strip():
            set_params(q=question[:MAX_URL_QUESTION])
        else:
            set_params(page="ask")
        if not question.strip():
            st.warning("Please type a question about the laws of whist, or a law number such "
                       "as “law 72”, “American law 30” or “case 93”.")
            return
    if not question.strip():
        return
    facts = {} if submitted else views.facts_from_params(st.query_params.get_all("fact"))
    show_answer(question, facts=facts)


def show_answer(question: str, key: str = "main", facts: dict | None = None) -> None:
    t0 = time.perf_counter()
    answer = get_answerer(DATA).ask(question, facts=facts or {})
    ms = (time.perf_counter() - t0) * 1000
    store = get_store(DATA)
    parts = views.answer_parts(answer)
    checker = answer.get("checker") or {}
    status = checker.get("status") or "not-covered"
    with st.container(border=True, key=f"answer-{key}"):
        st.caption(f"You asked ({len(question)} characters):")
        st.text(question if len(question) <= 600 else question[:600] + " …")
        for p in parts["notes"]:
            st.caption(views.md_escape(p))
        if not parts["ruling"] and not answer.get("reference"):
            st.markdown("**No ruling from the rules model — the laws and precedents nearest your "
                        "question follow.**")
        for i, p in enumerate(parts["ruling"]):
            text = views.linkify(p, None, get_ids(DATA))
            st.markdown(f"**{text}**" if i == 0 and len(p) < 400 and "\n" not in p else text)
        icon, label = views.STATUS_TEXT.get(status, (":material/info:", status))
        box = {"confirmed": st.success, "contradicted": st.error,
               "insufficient-facts": st.warning}.get(status, st.info)
        verdict = answer.get("verdict")
        box(f"**Checker: {status}** — {label}" + (f" · verdict: **{verdict}**" if verdict else ""),
            icon=icon)
        if facts:
            st.caption("Facts you gave: " + ", ".join(f"`{f.replace('`', '')}`" for f in views.fact_params(facts)))
        follow = views.follow_ups(checker) if status == "insufficient-facts" else []
        for i, f in enumerate(follow[:2]):
            st.markdown(f"**To decide, tell me:** {views.md_escape(f['question'])}")
            cols = st.columns(len(f["choices"]) + 1)
            for j, (value, effect) in enumerate(f["choices"]):
                if cols[j].button(value.capitalize(), key=f"fu-{key}-{i}-{j}", help=effect):
                    given = {**(facts or {}), **views.facts_from_params([f"{f['fact']}={value}"])}
                    params = {"q": question[:MAX_URL_QUESTION]}
                    st.query_params.clear()
                    st.query_params.update(params)
                    st.query_params["fact"] = views.fact_params(given)
                    st.rerun()
        prompts = views.missing_fact_prompts(checker)
        if status == "insufficient-facts" and prompts and not follow:
            st.markdown("**To decide, tell me:**")
            for p in prompts:
                st.markdown(f"- {views.md_escape(p)}")
            with st.form(f"followup-{key}"):
                extra = st.text_input("Your answer to the question above", key=f"fu-{key}")
                if st.form_submit_button("Ask again with this fact") and extra.strip():
                    set_params(q=f"{question} {extra}"[:MAX_URL_QUESTION])
                    st.session_state.question = f"{question} {extra}"
                    st.rerun()

        laws = answer.get("laws") or []
        if laws:
            top = store.get(views.law_id(laws[0]))
            if top is not None:
                st.markdown("#### The law")
                st.markdown(f"**{record_title(top)}** · id [`{top.id}`]({views.url_for(top.id)}) · "
                            f"code *{views.CODE_NAMES.get(top.code, top.code)}*")
                md(top.text, top.code)
                for extra_hit in laws[1:]:
                    rec = store.get(views.law_id(extra_hit))
                    if rec is not None and answer.get("reference") and rec.id in answer["reference"]:
                        st.markdown(f"**{record_title(rec)}** · id [`{rec.id}`]({views.url_for(rec.id)})")
                        md(rec.text, rec.code)
                rows, _ = get_concordance(DATA)
                links = views.law_links(store, top)
                difference = views.law_difference(rows, top.id)
                if links or parts["other"] or difference:
                    st.markdown("#### How the other codes differ")
                    for p in parts["other"]:
                        md(p, None)
                    if difference:
                        md(difference, top.code)
                    show_links(store, top, links)
        elif parts["other"]:
            for p in parts["other"]:
                md(p, None)

        cases = answer.get("cases") or []
        if cases:
            st.markdown("#### Precedents (Drayson's decided cases)")
            for i, c in enumerate(cases[:3]):
                rec = store.get(f"drayson/case/{c['case']}")
                if rec is not None:
                    show_case(rec, expanded=(i == 0))

        st.markdown("#### Trace")
        trace = checker.get("trace") or []
        if trace:
            for step in trace:
                lid = step.get("law", "")
                link = f"[`{lid}`]({views.url_for(lid)})" if lid in get_ids(DATA) else f"`{views.md_escape(lid)}`"
                st.markdown(f"- {link}: {views.md_escape(str(step.get('step', '')))}")
        else:
            st.caption("The rules model produced no trace for this question.")
        if laws:
            st.markdown("Laws ranked: " + ", ".join(
                f"[{views.law_id(h)}]({views.url_for(views.law_id(h))}) ({h['score']:.2f})" for h in laws[:10]))
        if cases:
            st.markdown("Cases ranked: " + ", ".join(
                f"[{c['case']}]({views.url_for('drayson/case/' + str(c['case']))}) ({c['score']:.2f})"
                for c in cases[:10]))
        st.caption(f"answered in {ms:.0f} ms")


def page_laws() -> None:
    st.header("Laws")
    store, resolver = get_store(DATA), get_resolver(DATA)
    codes = list(views.CODE_NAMES)
    current = st.query_params.get("id") or ""
    if "law_code" not in st.session_state:
        st.session_state.law_code = next((c for c in codes if current.startswith(c + "/")), codes[0])
    with st.form("law-lookup"):
        c1, c2 = st.columns([1, 2])
        code = c1.selectbox("Code", codes, format_func=views.CODE_NAMES.get, key="law_code")
        ref = c2.text_input("Law number or reference", key="law_ref",
                            placeholder="72 · American 30 · L. 8 · revised 12a · english/etiquette/III")
        go = st.form_submit_button("Open", type="primary")
    if go:
        found = views.lookup_law(store, resolver, ref, code if ref.strip().isdigit()
                                 or ref.strip()[:-1].isdigit() else None)
        if found.message:
            st.warning(views.md_escape(found.message))
        else:
            set_params(id=found.ids[0])
            if len(found.ids) > 1:
                st.info("Also: " + ", ".join(f"[{i}]({views.url_for(i)})" for i in found.ids[1:]))
    choices = views.law_choices(store, code)
    labels = dict(choices)
    current = st.query_params.get("id")
    picked = st.selectbox(f"…or pick from the {views.CODE_NAMES[code]} code", [c[0] for c in choices],
                          index=None, format_func=labels.get, key=f"law_pick_{code}",
                          placeholder="choose a law")
    if picked and picked != current and st.session_state.get("last_pick") != picked:
        st.session_state.last_pick = picked
        set_params(id=picked)
    current = st.query_params.get("id")
    if not current:
        st.info("Open a law by number above, or pick one from the list.")
        return
    rows, conc_msg = get_concordance(DATA)
    view = views.law_view(store, current, rows)
    if view is None:
        st.error(views.md_escape(views.unknown_id_message(store, resolver, current)))
        return
    law = view.law
    st.subheader(record_title(law))
    st.caption(provenance(law) + f" · [link to this law]({views.url_for(law.id)})")
    nav1, nav2 = st.columns(2)
    if view.previous is not None:
        nav1.button(f"← {record_title(view.previous)}", key="prev",
                    on_click=set_params, kwargs={"id": view.previous.id})
    if view.next is not None:
        nav2.button(f"{record_title(view.next)} →", key="next",
                    on_click=set_params, kwargs={"id": view.next.id})
    if view.focus:
        sec = store.get(view.focus)
        st.info(f"Section {sec.number}: " + views.linkify(sec.text, law.code, get_ids(DATA)))
    md(law.text, law.code)
    if view.sections:
        with st.expander(f"Sections ({len(view.sections)})", expanded=False):
            for s in view.sections:
                st.markdown(f"**{s.number}.** [`{s.id}`]({views.url_for(s.id)}) "
                            + views.linkify(s.text, law.code, get_ids(DATA)))

    st.markdown("#### Modelled by")
    if view.modelled_by:
        for r in view.modelled_by:
            st.markdown(f"- `{r['rule']}` — {r['file']}:{r['line']}"
                        + (f" (as `{r['law']}`)" if r["law"] != law.id else ""))
    else:
        st.caption("No rule of the formal model names this law (`whist rules coverage` says why).")
    if view.examples:
        citing = sum(1 for e in view.examples if e["cites_law"])
        with st.expander(f"Rule examples exercising it ({len(view.examples)}; {citing} cite it)"):
            for e in view.examples:
                name = f"[{e['name']}]({views.url_for(e['source'])})" if e.get("source") else e["name"]
                st.markdown(f"- **{name}**{' (cites it)' if e['cites_law'] else ''}: "
                            + views.md_escape(e["description"]))

    st.markdown("#### In the other codes")
    if view.links:
        show_links(store, law, view.links)
    elif view.counterparts:
        for c, ids in view.counterparts.items():
            for rid in ids:
                rec = store.get(rid)
                if rec is not None:
                    st.markdown(f"**{views.CODE_NAMES[c]}** [`{rid}`]({views.url_for(rid)}): "
                                + views.linkify(views.snippet(rec.text, 300), c, get_ids(DATA)))
    else:
        st.caption(conc_msg or view.concordance_note or "No counterpart.")
    for c, text in view.instead.items():
        st.markdown(f"**{views.CODE_NAMES[c]}** — *no law linked:* " + views.linkify(text, c, get_ids(DATA)))
    if view.difference:
        st.markdown("**How the codes differ:** " + views.linkify(view.difference, law.code, get_ids(DATA)))

    st.markdown(f"#### Cases citing this law ({len(view.cases)})")
    if view.cases:
        for rec in view.cases:
            show_case(rec)
    else:
        st.caption("No decided case cites this law.")
    if view.tests:
        st.markdown("#### Tests referring to it")
        for t in view.tests:
            st.markdown(f"- [Test {t.number}]({views.url_for(t.id)}): " + views.md_escape(views.snippet(t.text, 160)))
    if view.notes:
        st.markdown(f"#### Commentary and notes ({len(view.notes)})")
        for n in view.notes:
            with st.expander(f"{n.type}: {n.id}"):
                md(n.text, n.code or law.code)
                st.caption(provenance(n))
    if view.cited_by_laws:
        st.markdown("Cited by: " + ", ".join(f"[{r.id}]({views.url_for(r.id)})" for r in view.cited_by_laws))
    if view.cites:
        st.markdown("Cites: " + ", ".join(f"[{c}]({views.url_for(c)})" for c in view.cites))
    diffs = [(v.get("source"), d) for v in view.variants for d in v.get("differences") or []]
    if view.variants:
        with st.expander(f"Variant readings ({len(diffs)} differences in "
                         f"{len(view.variants)} other copies)"):
            for v in view.variants:
                st.caption(f"Other copy: {v.get('source')}, lines {v.get('lines')}")
            for src, d in diffs:
                st.markdown(f"- here: {views.md_escape(d.get('preferred', ''))}  \n"
                            f"  {src}: {views.md_escape(d.get('variant', ''))}")


def page_cases() -> None:
    st.header("Drayson's decided cases")
    store = get_store(DATA)
    one = st.query_params.get("case")
    if one:
        rec = store.get(f"drayson/case/{one.strip()}")
        if rec is None:
            st.error(f"There is no case {views.md_escape(one)}: Drayson's cases run from 1 to "
                     f"{store.counts()['cases']}.")
        else:
            show_case(rec, expanded=True)
        st.button("Show all cases", on_click=goto, args=("cases",))
        st.divider()
    headings = views.case_headings(store)
    laws = views.cited_laws(store)
    q_heading, q_law = st.query_params.get("heading"), st.query_params.get("law")
    c1, c2, c3 = st.columns(3)
    heading = c1.selectbox("Heading", ["All"] + headings,
                           index=(headings.index(q_heading) + 1) if q_heading in headings else 0)
    law = c2.selectbox("Cites law", ["All"] + laws,
                       index=(laws.index(q_law) + 1) if q_law in laws else 0)
    words = c3.text_input("Words in facts or decision")
    found = views.cases(store, None if heading == "All" else heading, None if law == "All" else law, words)
    st.caption(f"{len(found)} of {store.counts()['cases']} cases")
    if not one:
        want = {"page": "cases", "heading": None if heading == "All" else heading,
                "law": None if law == "All" else law}
        if want != {"page": "cases", "heading": q_heading, "law": q_law}:
            set_params(**want)
    for rec in found:
        show_case(rec)


def show_links(store, law, links) -> None:
    """Each law of another code linked to ``law``: how ``law`` stands to it, its id, a snippet."""
    for x in links:
        rec = store.get(x["law"])
        if rec is None:
            continue
        how = "" if x.get("method") in (None, "computed") else f" · *{views.md_escape(x['method'])}*"
        st.markdown(f"**{views.md_escape(views.link_sentence(law.id, x))}** "
                    f"([`{x['law']}`]({views.url_for(x['law'])}), `{x['type']}`{how}): "
                    + views.linkify(views.snippet(rec.text, 300), rec.code, get_ids(DATA)))
        shows = (x.get("evidence") or {}).get("shows")
        if x["type"] == "differs" and shows:
            st.caption("Rules model: " + views.md_escape(shows))


def page_concordance() -> None:
    st.header("Concordance of the codes")
    rows, msg = get_concordance(DATA)
    if rows is None:
        st.info(msg)
    else:
        st.caption(f"{len(rows)} rows built from the links between the laws: each English law beside "
                   "the laws of the revised English code and the American codes of 1894 and 1890 that "
                   "govern the same thing (a law may answer several), each link typed: "
                   + ", ".join(views.LINK_TYPES) + ". A code with no such law says what it does instead.")
        f1, f2, f3 = st.columns([3, 1, 2])
        types = f1.multiselect("Link types", views.LINK_TYPES, key="conc-types",
                               help="rows with a link of one of these types (all rows when none is chosen)")
        differs = f2.toggle("Where the codes differ", key="conc-differs",
                            help="a differs link, or a difference stated by the rules model or Drayson")
        code = f3.selectbox("Holding a law of", ["any code"] + [views.CODE_NAMES[c] for c in views.CODE_ORDER],
                            key="conc-code")
        code_id = next((c for c in views.CODE_ORDER if views.CODE_NAMES[c] == code), None)
        shown = views.concordance_filter(rows, types, differs, code_id)
        st.caption(f"{len(shown)} of {len(rows)} rows")
        st.dataframe(views.concordance_table(shown), width="stretch", hide_index=True)
        with st.expander(f"The links of these rows ({len(views.links_table(shown, types))})"):
            st.dataframe(views.links_table(shown, types), width="stretch", hide_index=True)
    st.markdown("#### Downloads")
    store = get_store(DATA)
    for what in ("concordance", "records"):
        formats, fmsg = views.export_formats(what)
        if fmsg:
            st.info(fmsg)
            break
        cols = st.columns(max(1, len(formats)))
        for col, fmt in zip(cols, formats):
            col.download_button(f"{what} .{fmt}", data=lambda w=what, f=fmt: views.export_bytes(store, w, f),
                                file_name=f"whist-{what}.{fmt}", mime=views.MIME.get(fmt, "application/octet-stream"),
                                key=f"dl-{what}-{fmt}", on_click="ignore")


def page_selftest() -> None:
    st.header("Test your knowledge of the laws")
    st.caption("Drayson's 25 “tests for knowledge of the laws” (1896). Answer, then reveal the ruling.")
    store = get_store(DATA)
    tests = views.tests(store)
    numbers = [int(t.number) for t in tests]
    raw = st.query_params.get("test", "1")
    try:
        n = int(raw)
    except ValueError:
        n = -1
    if n not in numbers:
        st.warning(f"There is no test {views.md_escape(raw)}: the tests run from 1 to {store.counts()['tests']}.")
        n = numbers[0]
    choice = st.selectbox("Test", numbers, index=numbers.index(n), key=f"test-pick-{n}")
    if choice != n:
        set_params(page="self-test", test=choice)
        st.rerun()
    test = store.get(f"drayson/test/{n}")
    with st.container(border=True):
        st.markdown(f"**Test {n}.** " + views.md_escape(test.text))
    mine = st.text_area("Your answer", key=f"mine-{n}")
    shown = st.session_state.setdefault("revealed", set())
    if st.button("Reveal the ruling", key=f"reveal-{n}", type="primary"):
        shown.add(n)
    if n in shown:
        if mine.strip():
            st.caption("Your answer:")
            st.text(mine)
        refs = test.cites
        st.markdown("**Drayson refers you to:** " + (", ".join(
            f"[{r}]({views.url_for(r)})" for r in refs) or "—")
                    + (f" — {views.md_escape(test.extra.get('references', ''))}" if test.extra.get("references") else ""))
        for r in refs:
            rec = store.get(r)
            if rec is None:
                continue
            if rec.type == "case":
                show_case(rec, expanded=True)
            else:
                st.markdown(f"**{record_title(rec)}** [`{rec.id}`]({views.url_for(rec.id)})")
                md(rec.text, rec.code)
        if test.decision:
            st.markdown(f"**{test.label or 'Answer'}.** " + views.md_escape(test.decision))
        st.markdown("#### What the referee says")
        show_answer(test.text, key=f"test-{n}")


def page_sources() -> None:
    st.header("Sources")
    store = get_store(DATA)
    meta = store.meta()
    st.caption(f"Knowledge base built {meta.get('built_at', '?')} · embedding model "
               f"{meta.get('model', '?')} · {store.counts()['records']} records")
    svs = views.source_views(store)
    for s in svs:
        with st.container(border=True):
            st.subheader(f"{s.source.title} ({s.source.year})")
            st.markdown(f"{views.md_escape(s.source.author)} · file `{s.file}` · "
                        f"codes: {', '.join(views.CODE_NAMES.get(c, c) for c in s.source.codes)}")
            st.markdown(f"**Holds:** {views.md_escape(s.source.holds)}  \n**Condition:** {views.md_escape(s.source.condition)}")
            st.caption(f"sha256 {s.source.sha256} · {s.source.size:,} bytes · original file {s.source.original}")
            parsed = ", ".join(f"{v} {k}" for k, v in sorted(s.counts.items())) or "nothing"
            st.markdown(f"**Parsed:** {parsed}"
                        + (" · laws: " + ", ".join(f"{views.CODE_NAMES[c]} {v}" for c, v in s.laws.items())
                           if s.laws else "")
                        + (f" · second copy of {s.variant_of} records" if s.variant_of else ""))
            with st.expander(f"Variant readings ({len(s.variants)})"):
                if s.variants:
                    st.dataframe(s.variants, width="stretch", hide_index=True)
                else:
                    st.caption("No differing readings.")
            with st.expander(f"Build warnings ({len(s.warnings)})"):
                for w in s.warnings:
                    st.text(w)
    rest = views.other_warnings(store, svs)
    if rest:
        with st.expander(f"Other build warnings ({len(rest)})"):
            for w in rest:
                st.text(w)


RENDER = {"ask": page_ask, "laws": page_laws, "cases": page_cases, "concordance": page_concordance,
          "self-test": page_selftest, "sources": page_sources}


def page_from_params() -> str:
    p = st.query_params.get("page")
    if p in PAGES:
        return p
    for param, page in (("id", "laws"), ("case", "cases"), ("test", "self-test"), ("q", "ask")):
        if param in st.query_params:
            return page
    return "ask"


def on_nav() -> None:
    slug = next(k for k, v in PAGES.items() if v == st.session_state.nav)
    set_params(page=slug)


# --- main --------------------------------------------------------------------------------
st.set_page_config(page_title="Whist laws", page_icon="♣", layout="wide")
DATA = str(db_path(data_dir()))
try:
    get_store(DATA)
except KBMissing as e:
    st.error(f"{e}. Start the page with `whist serve`, which ingests first.")
    st.stop()
answerer_future(DATA)            # start loading the model in the background now

if "nav" not in st.session_state:
    st.session_state.nav = PAGES[page_from_params()]
with st.sidebar:
    st.title("♣ Whist laws")
    st.radio("Page", list(PAGES.values()), key="nav", on_change=on_nav)
    st.caption("English club code, revised English code, American codes of 1894 and 1890; "
               "A. W. Drayson's decided cases (1896).")
slug = next(k for k, v in PAGES.items() if v == st.session_state.nav)
try:
    RENDER[slug]()
except Exception as e:     # never a traceback on the page
    st.error(f"Something went wrong on this page ({type(e).__name__}). "
             "Try another query; the problem has been logged on the server.")
    import logging
    logging.getLogger("whist.app").exception("page %s failed", slug)
