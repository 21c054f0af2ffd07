"""The hexes' colours for every eye: the six kinds stay apart for colour-blind players, and the
symbols and hexes stand out from what they are drawn on.

How the figures are computed (here, from the palette itself, not copied results):

- **Colour blindness** is simulated with Machado, Oliveira and Fernandes (2009), "A
  physiologically-based model for simulation of color vision deficiency", their matrices at
  severity 1.0 (protanopia, deuteranopia), applied to linear RGB, the result clipped to the
  gamut; **achromatopsia** (no colour at all) keeps only the relative luminance Y.
- **Difference** is CIEDE2000 (ΔE00) between the CIE L*a*b* (D65) of the simulated colours;
  the implementation is checked against Sharma, Wu and Dalal's published test pairs.
- **Contrast** is WCAG 2's ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05).

Thresholds, and why:

- ΔE00 ≥ 12 between every two of the six kinds, with normal vision and under protanopia and
  deuteranopia.  A ΔE00 of 1 to 2 is a just-noticeable difference side by side; categorical
  palettes aim at about 10 or more so that colours are *named* differently at a glance, and
  hexes are small (a canvas hex is about 40 px across), hence 12.  (The palette reaches 16.)
- Under achromatopsia ΔE00 is a difference of lightness alone, which ΔE00 discounts away from
  L* = 50; the criterion is the plain L* difference, ≥ 8 between every two kinds: most of a
  step of a ten-step grey scale (10 L*), enough to tell two flat neighbouring greys apart at a
  glance; the symbols tell the kinds apart beyond that.  (The palette reaches 10.)
- Symbols and plaza stars: ≥ 3:1 against their fill (WCAG 1.4.11, non-text contrast).
- Hexes on the page: every face is set off by 3:1 or more from its dark edge or from the
  backgrounds the city is drawn on (WCAG 1.4.11: a light face is bounded by its dark edge, a
  dark face by the paper), and that edge is 3:1 or more against every background.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from akropolis import Kind
from akropolis.picture import palette, scene
from akropolis.picture.svg import PAPER

ROOT = Path(__file__).resolve().parents[2]
KINDS = (Kind.QUARRY, Kind.HOUSE, Kind.MARKET, Kind.BARRACKS, Kind.TEMPLE, Kind.GARDEN)
MIN_DELTA_E = 12.0
MIN_GREY_STEP = 8.0
MIN_CONTRAST = 3.0

MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


def linear(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as linear RGB (the sRGB transfer curve undone)."""
    values = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values)


def luminance(colour: str) -> float:
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear RGB (sRGB primaries) to CIE L*a*b*, D65 white."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """The L*a*b* of ``colour`` as seen with ``vision``: normal, protanopia, deuteranopia or
    achromatopsia."""
    rgb = linear(colour)
    if vision == "achromatopsia":
        y = luminance(colour)
        rgb = (y, y, y)
    elif vision in MACHADO:
        rgb = tuple(
            min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
            for row in MACHADO[vision]
        )
    return lab(rgb)


def delta_e(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005's formulation), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = first, second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if not c1 * c2:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    dl, dc, dh_ = (l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh
    return math.sqrt(dl * dl + dc * dc + dh_ * dh_ + rt * dc * dh_)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [  # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17, 25 and 34
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_gives_the_published_figures(first, second, expected) -> None:
    assert delta_e(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e(second, first) == pytest.approx(expected, abs=1e-4)


def closest_pair(vision: str) -> tuple[float, Kind, Kind]:
    seen_as = {kind: seen(palette.FILL[kind], vision) for kind in KINDS}
    return min((delta_e(seen_as[a], seen_as[b]), a, b) for a, b in itertools.combinations(KINDS, 2))


@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia"])
def test_the_six_kinds_stay_apart_for_colour_blind_players(vision: str) -> None:
    difference, a, b = closest_pair(vision)
    print(f"{vision}: closest pair {a.label}/{b.label}, ΔE00 {difference:.1f}")
    assert difference >= MIN_DELTA_E, f"{a.label} and {b.label}: ΔE00 {difference:.1f}"


def test_the_six_kinds_differ_in_lightness_for_players_who_see_no_colour() -> None:
    lightness = sorted((seen(palette.FILL[kind], "achromatopsia")[0], kind) for kind in KINDS)
    steps = [(b[0] - a[0], a[1], b[1]) for a, b in itertools.pairwise(lightness)]
    step, a, b = min(steps)
    print(f"achromatopsia: closest {a.label}/{b.label}, ΔL* {step:.1f}")
    assert step >= MIN_GREY_STEP, f"{a.label} and {b.label}: ΔL* {step:.1f}"


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.label)
def test_symbols_and_plaza_stars_contrast_with_their_hex(kind: Kind) -> None:
    fill = palette.FILL[kind]
    assert contrast(palette.ink(kind), fill) >= MIN_CONTRAST
    if kind != Kind.QUARRY:
        plaza = Kind(kind + Kind.HOUSE_PLAZA - Kind.HOUSE)
        assert palette.fill(plaza) == fill
        assert contrast(palette.ink(plaza), fill) >= MIN_CONTRAST


def backgrounds() -> list[str]:
    """What cities are drawn on: the page's paper and panels (thumbnails), the city canvas's
    gradient (``#city`` in style.css), and the SVG pictures' paper."""
    css = (ROOT / "web" / "browser" / "style.css").read_text(encoding="utf-8")
    variables = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", css))
    canvas = re.search(r"#city\s*\{[^}]*radial-gradient\(([^)]*)\)", css)
    assert canvas, "the city canvas's background moved: update this test"
    gradient = re.findall(r"#[0-9a-fA-F]{6}", canvas.group(1))
    return [variables["paper"], variables["panel"], *gradient, PAPER]


def test_every_hex_stands_out_from_the_page() -> None:
    pages = backgrounds()
    assert len(pages) >= 4
    for page in pages:
        assert contrast(scene.EDGE_INK, page) >= MIN_CONTRAST
        for kind in KINDS:
            fill = palette.FILL[kind]
            edge, paper = contrast(fill, scene.EDGE_INK), contrast(fill, page)
            assert max(edge, paper) >= MIN_CONTRAST, f"{kind.label} on {page}: {edge}, {paper}"
