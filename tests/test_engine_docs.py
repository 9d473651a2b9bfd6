"""The docs keep up with the code: every option of every rule set is documented, every example is described."""

from __future__ import annotations

from pathlib import Path

from engine.nain_jaune.rules import RULESETS, rules_class

ROOT = Path(__file__).resolve().parents[1]


def test_every_lindor_and_common_option_is_in_docs_rules_md():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, _values, _default, doc in rules_class("lindor").Options.describe():
        assert f"| `{name}` |" in text, name
        assert doc


def test_every_rule_set_is_listed_and_every_option_has_a_doc():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in RULESETS:
        assert f"`{name}`" in text
        for option, _values, _default, doc in rules_class(name).Options.describe():
            assert doc, f"{name}.{option} has no documentation"


def test_every_example_transcript_is_described():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for path in (ROOT / "examples" / "transcripts").glob("*.json"):
        assert f"`{path.name}`" in text, path.name


def test_readme_links_the_rules_doc():
    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")
