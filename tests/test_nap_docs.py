"""docs/nap.md keeps up with the code: every option of every variant, every bid, every example."""

from __future__ import annotations

from nap_support import EXAMPLES, ROOT

from engine.nap.bids import KINDS
from engine.nap.rules import VARIANTS

DOC = (ROOT / "docs" / "nap.md").read_text(encoding="utf-8")


def test_every_option_of_every_variant_is_documented():
    for name, cls in VARIANTS.items():
        assert f"`{name}`" in DOC, name
        for option, _values, _default, doc in cls.Options.describe():
            assert f"| `{option}` |" in DOC, (name, option)
            assert doc, (name, option)


def test_every_bid_and_example_is_in_the_doc():
    for bid in KINDS:
        assert f"`{bid}`" in DOC, bid
    for path in EXAMPLES:
        assert f"`{path.name}`" in DOC, path.name
