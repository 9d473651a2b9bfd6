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


def test_every_option_has_player_words_in_french_and_english_without_field_names():
    import dataclasses
    import typing

    from engine.core.options import option_words

    for name in RULESETS:
        cls = rules_class(name)
        assert set(cls.titles) == {"fr", "en"}, name
        hints = typing.get_type_hints(cls.Options)
        names = {f.name for f in dataclasses.fields(cls.Options)}
        for field in dataclasses.fields(cls.Options):
            choices = [c for c in typing.get_args(hints[field.name]) if isinstance(c, str)]
            for lang in ("fr", "en"):
                words = option_words(field.metadata, lang)
                assert words is not None and words.label and words.help, (name, field.name, lang)
                assert set(words.choices) == set(choices), (name, field.name, lang)
                text = " ".join([words.label, words.help, *words.choices.values()])
                assert not [n for n in names if "_" in n and n in text], (name, field.name, lang)
