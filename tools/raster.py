"""Polygons to pixels, and pixels to PNG: the app icon's rasteriser, standard library only.

``Canvas.fill`` paints the union of some polygons with exact per-pixel area coverage (the
accumulation method of font rasterisers); ``encode_png`` writes the pixels with zlib and
struct.  ``tools/icons.py`` draws the design; this module knows nothing of Akropolis.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Sequence
from itertools import accumulate

Point = tuple[float, float]


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three numbers from 0 to 255."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def signed_area(poly: Sequence[Point]) -> float:
    """The signed area of a polygon (positive when clockwise, y pointing down)."""
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True)
    )


class Canvas:
    """An RGBA image (8 bits per channel, not premultiplied) that polygons are painted on."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(width * height * 4)

    def fill(self, polygons: Sequence[Sequence[Point]], colour: str, alpha: float = 1.0) -> None:
        """Paint the union of ``polygons`` (pixel units), anti-aliased by exact area coverage."""
        polys = [list(p) for p in polygons if len(p) >= 3]
        if not polys:
            return
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        left, top = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
        right = min(self.width, math.ceil(max(xs)))
        bottom = min(self.height, math.ceil(max(ys)))
        if right <= left or bottom <= top:
            return
        # Coverage is accumulated over the polygons' whole box (they may poke out of the canvas),
        # but only painted where it meets the canvas.
        ox, oy = math.floor(min(xs)), math.floor(min(ys))
        w = math.ceil(max(xs)) - ox + 2
        h = math.ceil(max(ys)) - oy
        acc = [0.0] * (w * h)
        for poly in polys:
            # Same orientation for every polygon, so overlaps add up (and are clamped): a union.
            if signed_area(poly) < 0:
                poly.reverse()
            shifted = [(x - ox, y - oy) for x, y in poly]
            for p0, p1 in zip(shifted, [*shifted[1:], shifted[0]], strict=True):
                _accumulate_edge(acc, w, h, p0, p1)
        paint = _Paint(self.pixels, colour, alpha)
        for y in range(top, bottom):
            start = (y - oy) * w
            base = y * self.width * 4
            run = -1  # where the current run of fully covered pixels began
            for x, cover in enumerate(accumulate(acc[start : start + w]), ox):
                if cover < 0:
                    cover = -cover
                if cover > 0.998:
                    if run < 0:
                        run = x
                    continue
                if run >= 0:
                    paint.span(base, max(run, left), min(x, right))
                    run = -1
                if cover > 0.002 and left <= x < right:
                    paint.blend(base + 4 * x, cover * alpha)
            if run >= 0:
                paint.span(base, max(run, left), min(ox + w, right))

    def png(self, *, opaque: bool = False) -> bytes:
        """The image as PNG: RGBA, or RGB when ``opaque`` (every pixel must then be opaque)."""
        if opaque:
            if any(a != 255 for a in self.pixels[3::4]):
                raise ValueError("an opaque icon has transparent pixels")
            data = bytearray(self.width * self.height * 3)
            for channel in range(3):
                data[channel::3] = self.pixels[channel::4]
            return encode_png(self.width, self.height, bytes(data), channels=3)
        return encode_png(self.width, self.height, bytes(self.pixels), channels=4)


class _Paint:
    """Paints one colour at one opacity over a canvas's pixels ("source over")."""

    def __init__(self, pixels: bytearray, colour: str, alpha: float) -> None:
        self.pixels, self.alpha = pixels, alpha
        self.r, self.g, self.b = rgb(colour)
        self.solid = bytes((self.r, self.g, self.b, 255)) if alpha >= 1.0 else None
        self.cache: dict[bytes, bytes] = {}  # under a translucent colour: pixel → result

    def span(self, base: int, x0: int, x1: int) -> None:
        """Pixels ``x0`` to ``x1`` (excluded) of the row at ``base``, wholly covered."""
        if x1 <= x0:
            return
        px = self.pixels
        if self.solid:
            px[base + 4 * x0 : base + 4 * x1] = self.solid * (x1 - x0)
            return
        start, end = base + 4 * x0, base + 4 * x1
        first = bytes(px[start : start + 4])
        if px[start:end] == first * (x1 - x0):  # one colour underneath: blend it once
            self.blend(start, self.alpha)
            px[start:end] = bytes(px[start : start + 4]) * (x1 - x0)
            return
        cache = self.cache
        for i in range(start, end, 4):
            under = bytes(px[i : i + 4])
            over = cache.get(under)
            if over is None:
                self.blend(i, self.alpha)
                cache[under] = bytes(px[i : i + 4])
            else:
                px[i : i + 4] = over

    def blend(self, i: int, k: float) -> None:
        """Pixel ``i`` (byte offset) covered ``k`` (0 to 1, opacity included)."""
        px = self.pixels
        if k > 1.0:
            k = 1.0
        under = px[i + 3] / 255
        out = k + under * (1 - k)
        keep = under * (1 - k) / out
        r, g, b = self.r, self.g, self.b
        px[i] = int(r + (px[i] - r) * keep + 0.5)
        px[i + 1] = int(g + (px[i + 1] - g) * keep + 0.5)
        px[i + 2] = int(b + (px[i + 2] - b) * keep + 0.5)
        px[i + 3] = int(out * 255 + 0.5)


def _accumulate_edge(acc: list[float], w: int, h: int, p0: Point, p1: Point) -> None:
    """Add one edge's signed area contributions to the accumulation buffer (as font-rs does):
    a running sum along each row then gives each pixel's exact coverage."""
    (x0, y0), (x1, y1) = p0, p1
    if abs(y0 - y1) < 1e-12:
        return
    if y0 < y1:
        direction = 1.0
    else:
        direction = -1.0
        x0, y0, x1, y1 = x1, y1, x0, y0
    dxdy = (x1 - x0) / (y1 - y0)
    x = x0
    for y in range(max(0, int(y0)), min(h, math.ceil(y1))):
        line = y * w
        dy = min(y + 1.0, y1) - max(float(y), y0)
        xnext = x + dxdy * dy
        d = dy * direction
        a, b = (x, xnext) if x < xnext else (xnext, x)
        a_floor = math.floor(a)
        ai = int(a_floor)
        b_ceil = math.ceil(b)
        bi = int(b_ceil)
        if bi <= ai + 1:
            xmf = 0.5 * (x + xnext) - a_floor
            acc[line + ai] += d - d * xmf
            acc[line + ai + 1] += d * xmf
        else:
            s = 1.0 / (b - a)
            af = a - a_floor
            a0 = 0.5 * s * (1.0 - af) * (1.0 - af)
            bf = b - b_ceil + 1.0
            am = 0.5 * s * bf * bf
            acc[line + ai] += d * a0
            if bi == ai + 2:
                acc[line + ai + 1] += d * (1.0 - a0 - am)
            else:
                a1 = s * (1.5 - af)
                acc[line + ai + 1] += d * (a1 - a0)
                step = d * s
                for xi in range(ai + 2, bi - 1):
                    acc[line + xi] += step
                a2 = a1 + (bi - ai - 3) * s
                acc[line + bi - 1] += d * (1.0 - a2 - am)
            acc[line + bi] += d * am
        x = xnext


# --- PNG --------------------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def encode_png(width: int, height: int, data: bytes, channels: int = 4) -> bytes:
    """8-bit RGB (3 channels) or RGBA (4) pixels, row by row, as a PNG file."""
    stride = width * channels
    if len(data) != stride * height:
        raise ValueError("pixel data does not match the size")
    colour_type = {3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + data[y * stride : (y + 1) * stride] for y in range(height))
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
            _chunk(b"IDAT", zlib.compress(raw, 9)),
            _chunk(b"IEND", b""),
        )
    )
