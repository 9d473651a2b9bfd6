"""Installed deck designs: discovery, card-id mapping, face rendering and the face cache.

Designs come from two Debian packages: gnome-cards-data (`/usr/share/aisleriot/cards/*.svgz`)
and kdegames-card-data-kf5 (`/usr/share/carddecks/*/*.svgz`). Each design's 52 faces are
rendered once (cairosvg, slow) into `.cache/cards/<design>/<card>.png`; a `meta.json` next
to them records whether the design is usable (French suits, two corner indices) and where
its corner indices are, so later runs only read PNGs.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import cv2
import numpy as np

from vision.synth.card_ids import card_codes, map_card_ids
from vision.synth.indices import IndexLayout, find_index_layout, french_face
from vision.synth.screen import SCREEN_CARDS, check_french_suits

__all__ = [
    "DeckDesign", "DesignStatus", "HELD_OUT_DESIGNS", "card_codes", "discover_sources",
    "get_design", "is_cached", "list_designs", "load_back", "load_face", "render_face", "survey",
]

DECK_ROOTS: tuple[tuple[str, Path, str], ...] = (
    ("aisleriot", Path("/usr/share/aisleriot/cards"), "*.svgz"),
    ("kde", Path("/usr/share/carddecks"), "*/*.svgz"),
)
CACHE_HEIGHT = 512  # px; a card's short side is then ~360 px, enough to downsample to 250
CACHE_VERSION = 14

# Designs never used for training: whole art families, chosen to differ in style
# (German-school pictures with four indices, Italian-style modern, Russian Cyrillic
# indices on a photo-like art, KDE cartoon 4-colour). Their family members below are
# held out with them, so no near-copy of a held-out design leaks into training.
HELD_OUT_DESIGNS: tuple[str, ...] = (
    "aisleriot-dondorf", "kde-dondorf",
    "aisleriot-tigullio", "kde-tigullio-international",
    "aisleriot-slavic_costumes",
    "kde-konqi-modern",
)
# Designs that share art (same author or one is a recolouring of the other).
FAMILIES: dict[str, str] = {
    "aisleriot-anglo_bitmap": "anglo", "aisleriot-anglo": "anglo", "aisleriot-gnomangelo": "anglo",
    "aisleriot-gnomangelo_bitmap": "anglo", "aisleriot-anglo_poker": "anglo",
    "aisleriot-anglo_modern": "anglo_modern", "aisleriot-anglo_modern_4_color": "anglo_modern",
    "aisleriot-atlasnye": "atlasnye", "aisleriot-atlasnye_skat": "atlasnye", "aisleriot-atlasnye-cyr": "atlasnye",
    "aisleriot-neoclassical": "neoclassical", "aisleriot-neoclassical_4_color": "neoclassical",
    "aisleriot-berlin": "svg16481", "aisleriot-lattmann": "svg16481", "aisleriot-orell": "svg16481",
    "aisleriot-rheinland": "svg16481", "aisleriot-tarocco": "svg16481",
    "aisleriot-paris": "paris", "kde-gm-paris": "paris", "aisleriot-guyenne-classic": "paris",
    "aisleriot-dondorf": "dondorf", "kde-dondorf": "dondorf",
    "aisleriot-ornamental": "nicu", "kde-nicu-ornamental": "nicu", "kde-nicu-white": "nicu",
    "aisleriot-tigullio": "tigullio", "kde-tigullio-international": "tigullio",
    "kde-oxygen": "oxygen", "kde-oxygen-air": "oxygen", "kde-oxygen-white": "oxygen",
    "kde-standard": "kde-standard", "kde-penguins": "kde-standard",
}

_CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r",
                      "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"]))


@dataclass(frozen=True)
class DeckSource:
    """One installed deck file."""

    name: str
    path: Path
    package: str


@dataclass(frozen=True)
class DeckDesign:
    """A usable design: French suits, corner indices found, faces cached."""

    name: str
    source: str
    family: str
    layout: IndexLayout = field(compare=False, repr=False)
    cache_dir: Path = field(compare=False, repr=False)


@dataclass(frozen=True)
class DesignStatus:
    """Outcome of screening one installed design."""

    name: str
    source: str
    usable: bool
    reason: str
    design: DeckDesign | None = None


def family_of(name: str) -> str:
    return FAMILIES.get(name, name)


def design_name(package: str, path: Path) -> str:
    """Stable ASCII name: "aisleriot-<file stem>" or "kde-<folder without svg->"."""
    stem = path.stem if package == "aisleriot" else re.sub(r"^svg-", "", path.parent.name)
    lowered = unicodedata.normalize("NFKC", stem).lower()
    ascii_name = "".join(_CYRILLIC.get(ch, ch) for ch in lowered)
    if ascii_name != lowered:
        ascii_name += "-cyr"
    ascii_name = re.sub(r"[^a-z0-9_\-]+", "-", ascii_name).strip("-") or "deck"
    return f"{package}-{ascii_name}"


def discover_sources(roots: Iterable[tuple[str, Path, str]] = DECK_ROOTS) -> list[DeckSource]:
    """Every installed deck file, sorted by name."""
    found = [DeckSource(design_name(package, path), path, package)
             for package, root, pattern in roots for path in sorted(root.glob(pattern))]
    return sorted(found, key=lambda s: s.name)


def cache_root() -> Path:
    """`$NAINJAUNE_CACHE_DIR/cards`, else `<repo>/.cache/cards` (git-ignored)."""
    base = os.environ.get("NAINJAUNE_CACHE_DIR")
    root = Path(base) if base else Path(__file__).resolve().parents[2] / ".cache"
    return root / "cards"


def _source_stamp(path: Path) -> dict[str, Any]:
    stat = path.stat()
    return {"source": str(path), "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
            "version": CACHE_VERSION, "height": CACHE_HEIGHT}


def _write_png(path: Path, image: np.ndarray) -> None:
    ok, data = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 3])
    if not ok:
        raise OSError(f"cannot encode {path}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data.tobytes())
    os.replace(tmp, path)


def _write_json(path: Path, payload: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(payload, indent=1, sort_keys=True))
    os.replace(tmp, path)


def _cached_meta(source: DeckSource, folder: Path) -> dict[str, Any] | None:
    """The design's meta.json when it was made from this very source file and its faces are all there."""
    try:
        meta = json.loads((folder / "meta.json").read_text())
    except (OSError, ValueError):
        return None
    if meta.get("stamp") != _source_stamp(source.path):
        return None
    if meta.get("usable") and not all((folder / f"{code}.png").exists() for code in card_codes()):
        return None
    return meta


def is_cached(source: DeckSource, root: Path | None = None) -> bool:
    """Whether screening this design needs no rendering (so no SVG renderer need be installed)."""
    return _cached_meta(source, (root or cache_root()) / source.name) is not None


def screen_source(source: DeckSource, root: Path | None = None, progress: bool = True) -> DesignStatus:
    """Render (or reuse) one design's faces, decide whether it is usable, and record it in meta.json."""
    from vision.synth.faces import clean_face
    from vision.synth.svgdeck import SvgDeck, SvgRenderError

    folder = (root or cache_root()) / source.name
    meta_path = folder / "meta.json"
    stamp = _source_stamp(source.path)
    meta = _cached_meta(source, folder)
    if meta is not None:
        return _status_from_meta(source, folder, meta)
    folder.mkdir(parents=True, exist_ok=True)

    def finish(usable: bool, reason: str, layout: IndexLayout | None = None) -> DesignStatus:
        meta = {"stamp": stamp, "usable": usable, "reason": reason,
                "layout": layout.to_dict() if layout else None, "family": family_of(source.name)}
        _write_json(meta_path, meta)
        return _status_from_meta(source, folder, meta)

    try:
        deck = SvgDeck.load(source.path)
    except Exception as exc:  # noqa: BLE001 - any broken file is a reason to skip, not to stop
        return finish(False, f"cannot parse SVG: {exc}")
    ids = map_card_ids(deck.ids)
    if ids is None:
        return finish(False, "element ids do not name all 52 cards in any known style")

    faces: dict[str, np.ndarray] = {}

    def render(codes: Iterable[str]) -> None:
        from tqdm import tqdm

        todo = [c for c in codes if c not in faces]
        for code in tqdm(todo, desc=f"render {source.name}", unit="card", disable=not progress, leave=False):
            path = folder / f"{code}.png"
            image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED) if path.exists() else None
            if image is None or image.shape[0] != CACHE_HEIGHT:
                image = clean_face(deck.render_element(ids[code], CACHE_HEIGHT + 8), CACHE_HEIGHT)
                _write_png(path, image)
            faces[code] = image

    try:
        render(SCREEN_CARDS)
        french = check_french_suits(faces)
        if not french.ok:
            return finish(False, french.reason)
        render(card_codes())
    except (SvgRenderError, ValueError) as exc:
        return finish(False, f"render failed: {exc}")
    layout, reason = find_index_layout(faces)
    if layout is None:
        return finish(False, reason)
    if "back" in deck.ids and not (folder / "back.png").exists():
        try:
            _write_png(folder / "back.png", clean_face(deck.render_element("back", CACHE_HEIGHT + 8), CACHE_HEIGHT))
        except (SvgRenderError, ValueError):
            pass
    return finish(True, "ok", layout)


def _status_from_meta(source: DeckSource, folder: Path, meta: dict[str, Any]) -> DesignStatus:
    design = None
    if meta.get("usable"):
        design = DeckDesign(source.name, str(source.path), family_of(source.name),
                            IndexLayout.from_dict(meta["layout"]), folder)
    return DesignStatus(source.name, str(source.path), bool(meta.get("usable")), meta.get("reason", ""), design)


def survey(progress: bool = True, root: Path | None = None) -> list[DesignStatus]:
    """Screen every installed design (rendering missing faces), usable or not, with reasons."""
    from tqdm import tqdm

    sources = discover_sources()
    return [screen_source(s, root, progress)
            for s in tqdm(sources, desc="deck designs", unit="design", disable=not progress)]


@lru_cache(maxsize=4)
def _designs(root: str) -> tuple[DeckDesign, ...]:
    return tuple(s.design for s in survey(progress=True, root=Path(root)) if s.design is not None)


def list_designs() -> list[DeckDesign]:
    """Usable designs (French-suited, two corner indices), faces cached. Slow only the first time."""
    return list(_designs(str(cache_root())))


def get_design(name: str) -> DeckDesign:
    """A usable design by name (screens only that design if it is not cached yet)."""
    return _design_by_name(str(cache_root()), name)


@lru_cache(maxsize=None)
def _design_by_name(root: str, name: str) -> DeckDesign:
    sources = {s.name: s for s in discover_sources()}
    if name not in sources:
        raise KeyError(f"unknown deck design {name!r}; installed: {', '.join(sources)}")
    status = screen_source(sources[name], Path(root))
    if status.design is None:
        raise KeyError(f"deck design {name!r} is not usable: {status.reason}")
    return status.design


def split_designs(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """(train, held out): a design is held out when its family has a member in HELD_OUT_DESIGNS."""
    held_families = {family_of(name) for name in HELD_OUT_DESIGNS}
    train, held = [], []
    for name in names:
        (held if family_of(name) in held_families else train).append(name)
    return train, held


def train_designs() -> list[str]:
    """Usable designs whose family has no held-out member."""
    return split_designs(d.name for d in list_designs())[0]


def held_out_designs() -> list[str]:
    """Usable designs of the held-out families."""
    return split_designs(d.name for d in list_designs())[1]


def __getattr__(name: str) -> Any:
    if name == "TRAIN_DESIGNS":
        return tuple(train_designs())
    raise AttributeError(name)


@lru_cache(maxsize=160)
def _read_png(path: str) -> np.ndarray:
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if image is None:
        raise FileNotFoundError(path)
    image.setflags(write=False)
    return image


def load_face(design: DeckDesign, card: str) -> np.ndarray:
    """The cached face (BGRA, CACHE_HEIGHT tall, read-only); re-rendered if the file went missing."""
    path = design.cache_dir / f"{card}.png"
    if card not in card_codes():
        raise KeyError(f"unknown card {card!r}")
    if not path.exists():
        _designs.cache_clear()
        screen_source(DeckSource(design.name, Path(design.source), design.name.split("-")[0]),
                      design.cache_dir.parent, progress=False)
    return _read_png(str(path))


def load_back(design: DeckDesign) -> np.ndarray | None:
    """The design's card back (BGRA) when it has one."""
    path = design.cache_dir / "back.png"
    return _read_png(str(path)) if path.exists() else None


def render_face(design: DeckDesign, card: str, height_px: int, french_indices: bool = False) -> np.ndarray:
    """Face of `card` ("QS", "10D", ...) as BGRA uint8, height_px tall; alpha = card shape.

    With french_indices, J/Q/K corner glyphs read V/D/R (see indices.frenchify).
    """
    face = french_face(design, card) if french_indices else load_face(design, card)
    if height_px == face.shape[0]:
        return face.copy()
    width = max(1, int(round(face.shape[1] * height_px / face.shape[0])))
    interpolation = cv2.INTER_AREA if height_px < face.shape[0] else cv2.INTER_CUBIC
    return cv2.resize(face, (width, height_px), interpolation=interpolation)
