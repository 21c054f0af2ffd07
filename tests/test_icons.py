"""The app's icons and web app manifest (tools/icons.py), read back with a tiny PNG decoder."""

from __future__ import annotations

import json
import math
import re
import struct
import time
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from akropolis import Kind
from akropolis.picture import palette, scene
from tools import icons, raster

ROOT = Path(__file__).resolve().parent.parent
SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Image:
    """A decoded 8-bit RGB or RGBA PNG: ``pixel(x, y)`` is always an RGBA tuple."""

    def __init__(self, width: int, height: int, channels: int, rows: list[bytes]) -> None:
        self.width, self.height, self.channels, self.rows = width, height, channels, rows

    def pixel(self, x: int, y: int) -> tuple[int, int, int, int]:
        n = self.channels
        p = self.rows[y][x * n : (x + 1) * n]
        return (p[0], p[1], p[2], p[3] if n == 4 else 255)


def read_png(data: bytes) -> Image:
    """Check the signature, every chunk's CRC and the header; inflate and unfilter the pixels."""
    assert data[:8] == SIGNATURE, "not a PNG signature"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, f"bad CRC in {kind!r}"
        chunks.append((kind, body))
        pos += 12 + length
    assert pos == len(data), "trailing bytes after the last chunk"
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(
        ">IIBBBBB", chunks[0][1]
    )
    assert (depth, compression, filtering, interlace) == (8, 0, 0, 0)
    channels = {2: 3, 6: 4}[colour]
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * channels
    assert len(raw) == height * (stride + 1)
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                line[i] = (line[i] + predictor) & 0xFF
            else:
                assert kind == 0, f"unknown filter {kind}"
        rows.append(bytes(line))
        previous = line
    return Image(width, height, channels, rows)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    directory = tmp_path_factory.mktemp("icons")
    return directory, icons.write_icons(directory)


@pytest.fixture(scope="module")
def images(written: tuple[Path, list[str]]) -> dict[str, Image]:
    directory, names = written
    return {
        name: read_png((directory / name).read_bytes()) for name in names if name.endswith(".png")
    }


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_files_written(written: tuple[Path, list[str]]) -> None:
    directory, names = written
    assert sorted(names) == sorted(
        [
            "icon-192.png",
            "icon-512.png",
            "icon-maskable-512.png",
            "apple-touch-icon.png",
            "favicon.svg",
        ]
    )
    assert sorted(p.name for p in directory.iterdir()) == sorted(names)


def test_sizes_and_opacity(images: dict[str, Image]) -> None:
    sizes = {name: (image.width, image.height) for name, image in images.items()}
    assert sizes == {
        "icon-192.png": (192, 192),
        "icon-512.png": (512, 512),
        "icon-maskable-512.png": (512, 512),
        "apple-touch-icon.png": (180, 180),
    }
    # The maskable and Apple icons are full bleed and opaque (stored without alpha, even).
    for name in ("icon-maskable-512.png", "apple-touch-icon.png"):
        image = images[name]
        assert image.channels == 3
        assert image.pixel(0, 0)[:3] == rgb(icons.PAPER)
    # The others are a rounded paper square: transparent corners, opaque middle and edges.
    for name in ("icon-192.png", "icon-512.png"):
        image, n = images[name], images[name].width
        assert image.pixel(0, 0)[3] == 0 and image.pixel(n - 1, n - 1)[3] == 0
        assert image.pixel(n // 2, 2)[3] == 255 and image.pixel(2, n // 2)[3] == 255
        assert image.pixel(n // 2, n // 10)[:3] == rgb(icons.PAPER)
        opaque = sum(image.pixel(x, y)[3] == 255 for y in range(n) for x in range(n))
        assert opaque > 0.95 * n * n


def test_maskable_keeps_the_design_inside_the_safe_zone(images: dict[str, Image]) -> None:
    image = images["icon-maskable-512.png"]
    n = image.width
    paper = rgb(icons.PAPER)
    inside: set[tuple[int, int, int]] = set()
    for y in range(n):
        for x in range(n):
            colour = image.pixel(x, y)[:3]
            # Distance from the centre to the pixel's nearest point: wholly outside the circle?
            dx = max(abs(x + 0.5 - n / 2) - 0.5, 0.0)
            dy = max(abs(y + 0.5 - n / 2) - 0.5, 0.0)
            if math.hypot(dx, dy) > 0.4 * n:
                assert colour == paper, f"pixel {x},{y} outside the safe zone is {colour}"
            else:
                inside.add(colour)
    # Hex faces: the top tile's in their palette colours, the ground's toned towards the shade.
    shown = {
        kind
        for kind, fill in icons.FILL.items()
        if {rgb(fill), rgb(icons.mix(fill, icons.SHADE[kind], icons.GROUND_TONE))} & inside
    }
    assert len(shown) == 6, f"the design shows only {sorted(shown)}"
    assert rgb(icons.FILL["house"]) in inside, "the raised house plaza is blue"
    assert rgb(icons.STAR_INK) in inside and rgb(icons.EDGE_INK) in inside


def test_the_192_icon_is_the_512_icon_scaled(images: dict[str, Image]) -> None:
    big, small = images["icon-512.png"], images["icon-192.png"]
    ratio = big.width / small.width
    worst = total = 0.0
    for y in range(small.height):
        for x in range(small.width):
            # Box filter: average the 512 icon's pixels over this 192 pixel's area, by coverage.
            sums, weight = [0.0] * 4, 0.0
            x0, x1, y0, y1 = x * ratio, (x + 1) * ratio, y * ratio, (y + 1) * ratio
            for by in range(int(y0), min(math.ceil(y1), big.height)):
                wy = min(by + 1, y1) - max(by, y0)
                for bx in range(int(x0), min(math.ceil(x1), big.width)):
                    w = wy * (min(bx + 1, x1) - max(bx, x0))
                    p = big.pixel(bx, by)
                    a = p[3] / 255
                    for c in range(3):
                        sums[c] += w * p[c] * a  # premultiplied
                    sums[3] += w * a
                    weight += w
            p = small.pixel(x, y)
            a = p[3] / 255
            expected = [s / weight for s in sums]
            actual = [c * a for c in p[:3]] + [a]
            error = max(abs(e - v) for e, v in zip(expected[:3], actual[:3], strict=True))
            error = max(error, 255 * abs(expected[3] - actual[3]))
            worst, total = max(worst, error), total + error
    mean = total / (small.width * small.height)
    assert mean < 1.5, f"mean difference {mean:.2f} of 255"
    assert worst < 64, f"largest difference {worst:.0f} of 255"


def test_the_favicon_is_well_formed_svg(written: tuple[Path, list[str]]) -> None:
    directory, _ = written
    root = ET.fromstring((directory / "favicon.svg").read_text(encoding="utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 512 512"
    paths = root.findall("{http://www.w3.org/2000/svg}path")
    assert len(paths) > 20
    colours = {p.get("fill") for p in paths}
    assert {icons.PAPER, icons.STAR_INK, icons.FILL["house"], icons.FILL["quarry"]} <= colours
    for path in paths:
        assert re.fullmatch(r"(M[-\d., ]+Z ?)+", path.get("d", "")), path.get("d")


def test_the_manifest(written: tuple[Path, list[str]], images: dict[str, Image]) -> None:
    _, names = written
    manifest = json.loads(icons.manifest_json())
    assert manifest["name"] == manifest["short_name"] == "Akropolis"
    assert manifest["description"] and "\n" not in manifest["description"]
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["lang"] == "en"
    for key in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[key])
    purposes = {}
    for icon in manifest["icons"]:
        assert set(icon) == {"src", "sizes", "type", "purpose"}
        folder, name = icon["src"].split("/")
        assert folder == "icons" and name in names and icon["type"] == "image/png"
        image = images[name]
        assert icon["sizes"] == f"{image.width}x{image.height}"
        purposes[name] = icon["purpose"]
    assert purposes == {
        "icon-192.png": "any",
        "icon-512.png": "any",
        "icon-maskable-512.png": "maskable",
    }


def test_colours_match_the_page_and_the_palette() -> None:
    css = (ROOT / "web" / "browser" / "style.css").read_text(encoding="utf-8")
    variables = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", css))
    assert variables["paper"].lower() == icons.PAPER
    assert variables["panel"].lower() == icons.PANEL
    assert variables["line"].lower() == icons.LINE
    assert variables["ink"].lower() == icons.EDGE_INK == scene.EDGE_INK
    manifest = json.loads(icons.manifest_json())
    assert (manifest["background_color"], manifest["theme_color"]) == (icons.PAPER, icons.PANEL)
    assert icons.STAR_INK == palette.STAR_INK
    # The symbols are the page's, though the icon's round ones have more sides.
    for label in ("house", "barracks", "temple", "quarry"):
        assert icons.SYMBOLS[label] == palette.SYMBOLS[Kind.from_label(label)]
    assert len(icons.SYMBOLS["market"][0]) == 20 and len(palette.SYMBOLS[Kind.MARKET][0]) == 14


def test_rendering_the_512_icon_is_bounded_work() -> None:
    """The build renders every icon; the 512 one must finish (about 0.2 s on CPython here)."""
    started = time.perf_counter()
    canvas = icons.render(512, "any")
    elapsed = time.perf_counter() - started
    assert (canvas.width, canvas.height) == (512, 512)
    assert len(canvas.pixels) == 512 * 512 * 4
    print(f"rendered the 512 icon in {elapsed:.2f} s")


def test_the_rasteriser_covers_exactly() -> None:
    """A half-pixel-aligned square covers its edge pixels by half and its corners by a quarter."""
    canvas = raster.Canvas(8, 8)
    canvas.fill([[(1.5, 1.5), (6.5, 1.5), (6.5, 6.5), (1.5, 6.5)]], "#ffffff")
    alpha = [[canvas.pixels[(y * 8 + x) * 4 + 3] for x in range(8)] for y in range(8)]
    assert alpha[0] == [0] * 8
    assert alpha[1] == [0, 64, 128, 128, 128, 128, 64, 0]
    assert alpha[3] == [0, 128, 255, 255, 255, 255, 128, 0]
    # A union: two overlapping squares paint the overlap once.
    canvas = raster.Canvas(4, 1)
    canvas.fill(
        [[(0, 0), (3, 0), (3, 1), (0, 1)], [(1, 0), (4, 0), (4, 1), (1, 1)]], "#000000", 0.5
    )
    assert [canvas.pixels[i * 4 + 3] for i in range(4)] == [128] * 4
