"""The literate export: each law's text, then the source of its rules (file:line), then the rule
examples that exercise it (`whist export rules --format html|md`)."""
from __future__ import annotations

import html
import re

import pytest

from kb.present import literate
from kb.rules import trace
from kb.rules.core import REGISTRY


@pytest.fixture(scope="module")
def md(kb):
    return literate.render(kb, "md")


@pytest.fixture(scope="module")
def page(kb):
    return literate.render(kb, "html")


def test_law_text_then_its_rule_then_its_examples(md, kb):
    start = md.index("### english/73")
    end = md.index("\n### ", start + 1)
    part = md[start:end]
    law = kb.get("english/73").text
    r = trace.rules_for_law("english/73")[0]
    assert part.index(law[:60]) < part.index(f"`revoke_established` ({r['file']}:{r['line']})")
    assert part.index("def revoke_established(") < part.index("Examples citing it")
    assert '@law("english", "73")' in part
    assert "- name: case-093" in part and "source: drayson/case/93" in part
    # the example is printed as its file writes it
    assert "output: {incurs_revoke_penalty: true, revoke_established: false, renounce_corrected: true}" in part


def test_every_law_every_rule_and_the_unmodelled(md, kb):
    laws = [r.id for r in kb.all(type="law")]
    for lid in laws:
        assert f"### {lid}" in md, lid
    # a rule is printed in full once, then linked
    for r in {r.fn for r in REGISTRY}:
        assert md.count(f"\ndef {r.__name__}(") == 1, r.__name__
    # english/14 is not modelled: coverage.yaml says why
    start = md.index("### english/14 ")
    assert "*Not modelled: " in md[start:md.index("\n### ", start + 1)]
    # Drayson's decisions that are rules of their own
    assert "### drayson/custom/wrong-penalty" in md and "### drayson/case/31" in md
    # a rule stacked on two codes links back to its print
    start = md.index("### english-revised/77")
    assert "printed [above](#rule-revoke_established)" in md[start:md.index("\n### ", start + 1)]


def test_html_is_escaped_and_anchored(page):
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert '<section class="law" id="english/73">' in page and 'id="rule-revoke_established"' in page
    assert 'href="#rule-revoke_established"' in page
    assert "<script" not in page
    # the source code is escaped, and reads back as the function
    code = re.search(r'id="rule-revoke_established">.*?<pre><code class="language-python">(.*?)</code>', page, re.S)
    assert "def revoke_established(s: Situation, c: dict):" in html.unescape(code.group(1))
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "anchors are unique"
    for target in set(re.findall(r'href="#([^"]+)"', page)):
        assert target in ids, target


def test_cli_export_rules(kb_dir, tmp_path, capsys):
    from kb.cli.main import main
    out = tmp_path / "rules.html"
    assert main(["--data", str(kb_dir), "export", "rules", "--format", "html", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["--data", str(kb_dir), "export", "rules", "--format", "md"]) == 0
    assert capsys.readouterr().out.startswith("# The laws of whist beside the rules")
    assert main(["--data", str(kb_dir), "export", "rules", "--format", "pdf"]) == 2
    assert "html, md" in capsys.readouterr().err
