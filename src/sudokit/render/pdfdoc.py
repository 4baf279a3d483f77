"""A vector PDF of SVG pages, in pure Python: our SVG uses five shapes, so each page is translated, not rasterised.

Why not a library: resvg (the PNG extra) writes PNG only; the PyPI packages that turn SVG into PDF need system
libraries (CairoSVG: cairo; skia-python: OpenGL), are AGPL (PyMuPDF), or bring reportlab, svglib and lxml.
Our pictures use <g> (inherited style, translate/scale), <rect>, <line>, <circle>, <path> (M L H V Q C Z and
relative m l h v) and <text> (Helvetica, one of PDF's standard fonts, so nothing is embedded). Pages stay crisp
at any print size and weigh a few KB.
"""

from __future__ import annotations

import re
import zlib
from xml.etree import ElementTree

NS = "{http://www.w3.org/2000/svg}"
KAPPA = 0.5523  # control-point distance of a quarter circle as a cubic Bezier
INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "font-size", "text-anchor")
DEFAULTS = {"fill": "#000000", "stroke": "none", "stroke-width": "1", "stroke-dasharray": "none",
            "stroke-linecap": "butt", "font-size": "16", "text-anchor": "start"}
# Helvetica advance widths (1/1000 em) of ASCII 32..126, from its AFM metrics; other characters count as 556
WIDTHS = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278] + [556] * 10 + [
    278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556,
    278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584]


def to_pdf(pages: list[str]) -> bytes:
    """A PDF with one page per SVG document (the page size is the SVG's width x height, in points)."""
    contents, sizes = [], []
    for page in pages:
        root = ElementTree.fromstring(page)
        width, height = float(root.get("width")), float(root.get("height"))
        contents.append(zlib.compress(page_stream(root, width, height).encode("latin-1"), 6))
        sizes.append((width, height))
    return assemble(contents, sizes)


def page_stream(root, width: float, height: float) -> str:
    """The content stream of one page: y flipped to SVG's downward axis, the viewBox scaled to the page."""
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox", f"0 0 {width} {height}").split())
    sx, sy = width / vw, height / vh
    head = f"1 0 0 -1 0 {_n(height)} cm {_n(sx)} 0 0 {_n(sy)} {_n(-vx * sx)} {_n(-vy * sy)} cm\n"
    out = [head]
    _walk(root, dict(DEFAULTS), (vw, vh), out)
    return "".join(out)


def _walk(node, style: dict, box: tuple[float, float], out: list[str]) -> None:
    """Emit a node and its children with the style they inherit."""
    style = {**style, **{k: node.get(k) for k in INHERITED if node.get(k) is not None}}
    tag = node.tag.replace(NS, "")
    transform = node.get("transform")
    if transform:
        out.append("q " + _matrix(transform) + " cm\n")
    if tag in SHAPES:
        out.append(SHAPES[tag](node, style, box))
    for child in node:
        _walk(child, style, box, out)
    if transform:
        out.append("Q\n")


def _matrix(transform: str) -> str:
    """A PDF matrix from 'translate(x y) scale(k)' (the two transforms the sheets use)."""
    a = d = 1.0
    e = f = 0.0
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", transform):
        vals = [float(v) for v in args.replace(",", " ").split()]
        if name == "translate":
            e, f = e + a * vals[0], f + d * (vals[1] if len(vals) > 1 else 0.0)
        else:
            a, d = a * vals[0], d * (vals[1] if len(vals) > 1 else vals[0])
    return f"{_n(a)} 0 0 {_n(d)} {_n(e)} {_n(f)}"


def _n(v: float) -> str:
    """A number as PDF text."""
    return "%g" % round(v, 3)


def _colour(value: str) -> tuple[float, float, float] | None:
    """#rrggbb as three fractions; None for none."""
    if not value or value == "none":
        return None
    value = {"white": "#ffffff", "black": "#000000"}.get(value, value)
    return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _paint(style: dict, geometry: str, can_fill: bool = True) -> str:
    """Set colours, width and dashes, then fill and/or stroke the path just built."""
    fill = _colour(style["fill"]) if can_fill else None
    stroke = _colour(style["stroke"])
    width = float(style["stroke-width"])
    if stroke is None or width <= 0:
        stroke = None
    if fill is None and stroke is None:
        return ""
    ops = ["%s %s %s rg" % tuple(map(_n, fill))] if fill else []
    if stroke:
        ops.append(_pen(style, stroke, width))
    op = "B" if fill and stroke else "f" if fill else "S"
    return " ".join(ops) + "\n" + geometry + op + "\n"


def _pen(style: dict, stroke: tuple[float, float, float], width: float) -> str:
    """The stroke colour, width, dash pattern and line cap."""
    dash = style["stroke-dasharray"]
    dashes = "[]" if dash == "none" else "[" + " ".join(dash.replace(",", " ").split()) + "]"
    cap = {"butt": 0, "round": 1, "square": 2}.get(style["stroke-linecap"], 0)
    return "%s %s %s RG %s w %s 0 d %d J" % (*map(_n, stroke), _n(width), dashes, cap)


def _f(node, name: str, default: float = 0.0) -> float:
    """A numeric attribute."""
    value = node.get(name)
    return default if value is None else float(value)


def _rect(node, style: dict, box: tuple[float, float]) -> str:
    """<rect>: 100% sizes span the page."""
    w, h = node.get("width", "0"), node.get("height", "0")
    w = box[0] if w.endswith("%") else float(w)
    h = box[1] if h.endswith("%") else float(h)
    return _paint(style, f"{_n(_f(node, 'x'))} {_n(_f(node, 'y'))} {_n(w)} {_n(h)} re ")


def _line(node, style: dict, box) -> str:
    """<line>."""
    x1, y1, x2, y2 = (_f(node, k) for k in ("x1", "y1", "x2", "y2"))
    return _paint(style, f"{_n(x1)} {_n(y1)} m {_n(x2)} {_n(y2)} l ", can_fill=False)


def _circle(node, style: dict, box) -> str:
    """<circle> as four cubic arcs."""
    cx, cy, r = _f(node, "cx"), _f(node, "cy"), _f(node, "r")
    k = KAPPA * r
    pts = [(cx + r, cy), (cx + r, cy + k, cx + k, cy + r, cx, cy + r), (cx - k, cy + r, cx - r, cy + k, cx - r, cy),
           (cx - r, cy - k, cx - k, cy - r, cx, cy - r), (cx + k, cy - r, cx + r, cy - k, cx + r, cy)]
    d = "%s %s m " % tuple(map(_n, pts[0])) + "".join(" ".join(map(_n, p)) + " c " for p in pts[1:])
    return _paint(style, d + "h ")


def _path(node, style: dict, box) -> str:
    """<path> with M L H V Q C Z (and relative m l h v)."""
    tokens = re.findall(r"[MLHVQCZmlhvz]|-?\d*\.?\d+(?:e-?\d+)?", node.get("d", ""))
    out, x, y, cmd, i = [], 0.0, 0.0, "M", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd, i = tokens[i], i + 1
            if cmd in "Zz":
                out.append("h")
                continue
        take = {"M": 2, "L": 2, "m": 2, "l": 2, "H": 1, "V": 1, "h": 1, "v": 1, "Q": 4, "C": 6}[cmd]
        vals = [float(t) for t in tokens[i:i + take]]
        i += take
        x, y, op = _segment(cmd, vals, x, y)
        out.append(op)
    return _paint(style, " ".join(out) + " ")


def _segment(cmd: str, v: list[float], x: float, y: float) -> tuple[float, float, str]:
    """One path segment from (x, y): the new point and its PDF operator (a quadratic becomes a cubic)."""
    if cmd in "ml":
        cmd, v = cmd.upper(), [x + v[0], y + v[1]]
    elif cmd in "HhVv":
        nx = (v[0] + (x if cmd == "h" else 0)) if cmd in "Hh" else x
        ny = (v[0] + (y if cmd == "v" else 0)) if cmd in "Vv" else y
        cmd, v = "L", [nx, ny]
    if cmd == "Q":
        qx, qy, ex, ey = v
        v = [x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey]
        cmd = "C"
    op = {"M": "m", "L": "l", "C": "c"}[cmd]
    return v[-2], v[-1], " ".join(map(_n, v)) + " " + op


def _text(node, style: dict, box) -> str:
    """<text>: Helvetica at the baseline (x, y), moved left by its width for middle or end anchors."""
    text = "".join(node.itertext())
    if not text:
        return ""
    size = float(style["font-size"])
    width = sum(WIDTHS[ord(ch) - 32] if 32 <= ord(ch) < 127 else 556 for ch in text) * size / 1000
    x = _f(node, "x") - {"middle": width / 2, "end": width}.get(style["text-anchor"], 0.0)
    colour = _colour(style["fill"]) or (0.0, 0.0, 0.0)
    escaped = text.encode("latin-1", "replace").decode("latin-1").replace("\\", "\\\\").replace(
        "(", "\\(").replace(")", "\\)")
    return ("BT %s %s %s rg /F1 %s Tf 1 0 0 -1 %s %s Tm (%s) Tj ET\n"
            % (*map(_n, colour), _n(size), _n(x), _n(_f(node, "y")), escaped))


SHAPES = {"rect": _rect, "line": _line, "circle": _circle, "path": _path, "text": _text}


def assemble(contents: list[bytes], sizes: list[tuple[float, float]]) -> bytes:
    """The PDF file: catalog, page tree, the Helvetica font, then a page object and a content stream per page."""
    count = len(contents)
    kids = " ".join(f"{4 + 2 * k} 0 R" for k in range(count))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               f"<< /Type /Pages /Kids [{kids}] /Count {count} >>".encode(),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    for k, (data, (w, h)) in enumerate(zip(contents, sizes)):
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_n(w)} {_n(h)}] /Contents {5 + 2 * k} 0 R "
                       f"/Resources << /Font << /F1 3 0 R >> >> >>".encode())
        objects.append(f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode() + data +
                       b"\nendstream")
    return serialise(objects)


def serialise(objects: list[bytes]) -> bytes:
    """Objects numbered from 1, the cross-reference table of their offsets, the trailer (root: object 1)."""
    out, offsets = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"), []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
