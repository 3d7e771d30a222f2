"""Every character outside ASCII that the web client writes (its scripts, stylesheets and page)
is drawn by a font the browser has: none falls back to the empty 'missing glyph' box."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from tests.web.webplay import Server

STATIC = Path(__file__).resolve().parents[2] / "src/wartable/server/static"
# a private-use code point no font maps: its drawing is the browser's missing-glyph box
MISSING = "\U0010fffd"

# draws each character alone on a canvas in the page's own fonts (serif for card names too)
# and returns those whose pixels are exactly the missing-glyph box's
BOXES = """([chars, missing]) => {
  const fonts = [getComputedStyle(document.body).fontFamily, 'Georgia, serif'];
  const canvas = document.createElement('canvas');
  canvas.width = 48; canvas.height = 48;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const draw = (ch, font) => {
    g.clearRect(0, 0, 48, 48); g.font = `32px ${font}`; g.fillStyle = '#000';
    g.fillText(ch, 4, 36);
    return Array.from(g.getImageData(0, 0, 48, 48).data).join(',');
  };
  const out = [];
  for (const font of fonts) {
    const box = draw(missing, font);
    for (const ch of chars) if (draw(ch, font) === box) out.push(ch + ' U+' + ch.codePointAt(0).toString(16));
  }
  return [...new Set(out)];
}"""


def _client_characters() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(STATIC.rglob("*")):
        if path.suffix not in {".js", ".css", ".html"}:
            continue
        for ch in set(path.read_text(encoding="utf-8")):
            # combining marks and spaces draw nothing of their own: nothing to compare
            if ord(ch) > 127 and not ch.isspace() and ch not in "\ufe0f\u200b\u200d":
                found.setdefault(ch, []).append(path.name)
    return found


def test_the_missing_glyph_box_is_recognised(server: Server, page: Page) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("body")
    # a second unmapped code point is a box; ordinary letters and DejaVu's ⚔ are not
    assert page.evaluate(BOXES, [["\U0010fffc", "A", "é", "⚔"], MISSING]) == ["\U0010fffc U+10fffc"]


def test_every_client_character_has_a_glyph(server: Server, page: Page) -> None:
    chars = _client_characters()
    assert len(chars) > 20  # the client's dashes, arrows, hearts, stars...
    page.goto(server.base + "/")
    page.wait_for_selector("body")
    boxes = page.evaluate(BOXES, [sorted(chars), MISSING])
    assert boxes == [], {b: chars[b[0]] for b in boxes}
