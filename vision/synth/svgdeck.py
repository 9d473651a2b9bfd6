"""Render one element (one card) of a deck SVG with cairosvg.

cairosvg cannot render "just element #club_1", and a card's position on the sheet is
unknown (KDE decks even place cards outside the page). So the whole document is moved
into `<defs>` (nothing draws) and a `<use>` of the card, wrapped in copies of its
ancestors' attributes (transforms, inherited styles), is the only thing drawn. A
coarse render over a wide area finds the card, a second render crops it at the
wanted resolution. Parsing is cheap; drawing dominates, and only one card is drawn.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.S)
_SIZE_ATTRS = re.compile(r"\s(width|height|viewBox|preserveAspectRatio|x|y)\s*=\s*(\"[^\"]*\"|'[^']*')")
_UNITS_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_KEEP_ANCESTOR_ATTR = re.compile(r"^[a-z\-]+$")


class SvgRenderError(RuntimeError):
    """A card element could not be rendered (missing, empty, or broken SVG)."""


def _length_px(value: str | None) -> float | None:
    if not value:
        return None
    match = re.fullmatch(r"\s*([0-9.eE+\-]+)\s*([a-z]*)\s*", value)
    if not match or match.group(2) not in _UNITS_PX:
        return None
    return float(match.group(1)) * _UNITS_PX[match.group(2)]


def _strip_display_none(style: str) -> str:
    return re.sub(r"display\s*:\s*none\s*;?", "", style)


@dataclass
class SvgDeck:
    """A parsed deck file, ready to render any of its elements."""

    path: Path
    text: str
    open_tag: str
    body: str
    page: tuple[float, float, float, float]  # user-space x, y, w, h of the page
    ids: list[str]
    _ancestors: dict[str, list[dict[str, str]]]

    @classmethod
    def load(cls, path: Path) -> "SvgDeck":
        raw = gzip.open(path).read() if path.suffix == ".svgz" else path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        root = ET.fromstring(raw)
        open_match = _first_svg_tag(text)
        end = text.rfind("</svg>")
        if open_match is None or end < 0:
            raise SvgRenderError(f"{path}: no <svg> root element")
        open_tag = _SIZE_ATTRS.sub("", open_match.group(0))
        if "xmlns:xlink" not in open_tag:
            open_tag = open_tag[:-1].rstrip("/") + ' xmlns:xlink="http://www.w3.org/1999/xlink">'
        body = text[open_match.end():end]
        page = _page_box(root)
        parents: dict[ET.Element, ET.Element] = {child: parent for parent in root.iter() for child in parent}
        ids: list[str] = []
        ancestors: dict[str, list[dict[str, str]]] = {}
        for element in root.iter():
            element_id = element.get("id")
            if not element_id:
                continue
            ids.append(element_id)
            chain: list[dict[str, str]] = []
            node = parents.get(element)
            while node is not None and node is not root:
                chain.append({k: v for k, v in node.attrib.items() if _KEEP_ANCESTOR_ATTR.match(k)
                              and k not in ("id", "display", "visibility")})
                node = parents.get(node)
            ancestors[element_id] = chain[::-1]
        return cls(path, text, open_tag, body, page, ids, ancestors)

    def isolated(self, element_id: str, box: tuple[float, float, float, float], width: int, height: int) -> bytes:
        """An SVG document drawing only `element_id`, user-space `box` stretched to width×height px."""
        if element_id not in self._ancestors:
            raise SvgRenderError(f"{self.path.name}: no element #{element_id}")
        opens, closes = [], []
        for attrs in self._ancestors[element_id]:
            if "style" in attrs:
                attrs = {**attrs, "style": _strip_display_none(attrs["style"])}
            opens.append("<g " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + ">")
            closes.append("</g>")
        x, y, w, h = (float(v) for v in box)
        head = self.open_tag[:-1] + (f' width="{width}" height="{height}" viewBox="{x!r} {y!r} {w!r} {h!r}"'
                                     ' preserveAspectRatio="none">')
        doc = (head + "<defs>" + self.body + "</defs>" + "".join(opens)
               + f'<use xlink:href="#{element_id}"/>' + "".join(closes) + "</svg>")
        return doc.encode("utf-8")

    def render(self, element_id: str, box: tuple[float, float, float, float], width: int, height: int) -> np.ndarray:
        """BGRA uint8 render of one element over a user-space box."""
        import cairosvg
        import cv2

        png = cairosvg.svg2png(bytestring=self.isolated(element_id, box, width, height),
                               output_width=width, output_height=height, unsafe=False)
        image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
        if image is None or image.ndim != 3 or image.shape[2] != 4:
            raise SvgRenderError(f"{self.path.name}: #{element_id} did not render to RGBA")
        return image

    def render_element(self, element_id: str, height_px: int, coarse_px: int = 2048) -> np.ndarray:
        """Find the element on (or off) the page, then render it cropped, about height_px tall."""
        px, py, pw, ph = self.page
        box = (px - 2 * pw, py - 2 * ph, 5 * pw, 5 * ph)
        for _ in range(3):
            scale = coarse_px / max(box[2], box[3])
            cw, ch = max(1, round(box[2] * scale)), max(1, round(box[3] * scale))
            coarse = self.render(element_id, box, cw, ch)
            ys, xs = np.nonzero(coarse[:, :, 3] > 8)
            if xs.size == 0:
                raise SvgRenderError(f"{self.path.name}: #{element_id} draws nothing")
            touches = xs.min() == 0 or ys.min() == 0 or xs.max() == cw - 1 or ys.max() == ch - 1
            if not touches:
                break
            box = (box[0] - box[2], box[1] - box[3], 3 * box[2], 3 * box[3])
        sx, sy = box[2] / cw, box[3] / ch
        margin = 3
        x0, y0 = box[0] + (xs.min() - margin) * sx, box[1] + (ys.min() - margin) * sy
        x1, y1 = box[0] + (xs.max() + 1 + margin) * sx, box[1] + (ys.max() + 1 + margin) * sy
        fine_scale = height_px / max(1e-9, (y1 - y0) - 2 * margin * sy)
        fw, fh = max(1, round((x1 - x0) * fine_scale)), max(1, round((y1 - y0) * fine_scale))
        fine = self.render(element_id, (x0, y0, x1 - x0, y1 - y0), fw, fh)
        ys, xs = np.nonzero(fine[:, :, 3] > 8)
        if xs.size == 0:
            raise SvgRenderError(f"{self.path.name}: #{element_id} draws nothing at full size")
        return fine[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _first_svg_tag(text: str) -> re.Match[str] | None:
    for match in _SVG_OPEN.finditer(text):
        before = text[:match.start()]
        if before.count("<!--") == before.count("-->"):
            return match
    return None


def _page_box(root: ET.Element) -> tuple[float, float, float, float]:
    view_box = root.get("viewBox")
    if view_box:
        numbers = [float(v) for v in re.split(r"[\s,]+", view_box.strip())]
        if len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0:
            return numbers[0], numbers[1], numbers[2], numbers[3]
    width, height = _length_px(root.get("width")), _length_px(root.get("height"))
    return 0.0, 0.0, width or 1000.0, height or 1000.0
