#!/usr/bin/env python3
"""Draws how boardkit's cost grows with the board: time and peak memory against cards, one
line per task, from the table in Benchmarks/RESULTS.md. Writes Benchmarks/results.svg (plain
SVG, no library) and links it from RESULTS.md.

usage: chart.py [RESULTS.md]

Both axes are logarithmic: a line at the slope of the grid's diagonal grows in proportion to
the board (linear cost); a steeper line grows faster than the board.
"""
import math
import os
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b", "#17becf", "#bcbd22"]
WIDTH, HEIGHT = 460, 340
LEFT, RIGHT, TOP, BOTTOM = 62, 34, 34, 44


def number(text):
    try:
        return float(text.replace(",", "").replace("×", "").strip())
    except ValueError:
        return None


def boardkit_rows(path):
    """{task: [(cards, seconds, MB)]} for boardkit's rows of the main table."""
    series = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            if series:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or len(cells) < 6 or number(cells[0]) is None or cells[2] != "boardkit":
            continue
        cards, wall, rss = number(cells[0]), number(cells[3]), number(cells[5])
        if wall is not None and rss is not None:
            series.setdefault(cells[1], []).append((cards, wall, rss))
    return {task: sorted(points) for task, points in series.items() if len(points) > 1}


def panel(x0, title, unit, series, pick, mark=None):
    """One chart: log cards across, log `pick(point)` up; `mark` (value, label) draws a
    dashed line across (a goal)."""
    values = [pick(p) for points in series.values() for p in points] + ([mark[0]] if mark else [])
    cards = [p[0] for points in series.values() for p in points]
    lo_y, hi_y = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    lo_x, hi_x = math.floor(math.log10(min(cards))), math.ceil(math.log10(max(cards)))
    hi_y = max(hi_y, lo_y + 1)
    hi_x = max(hi_x, lo_x + 1)
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(v):
        return x0 + LEFT + (math.log10(v) - lo_x) / (hi_x - lo_x) * w

    def y(v):
        return TOP + h - (math.log10(v) - lo_y) / (hi_y - lo_y) * h

    out = [f'<text x="{x0 + LEFT}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>']
    for e in range(lo_y, hi_y + 1):
        v = 10 ** e
        out.append(f'<line x1="{x0 + LEFT}" x2="{x0 + LEFT + w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
        label = f"{v:g}" if v >= 1 else f"{v:.{-e}f}"
        out.append(f'<text x="{x0 + LEFT - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{label}</text>')
    for e in range(lo_x, hi_x + 1):
        v = 10 ** e
        out.append(f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{TOP}" y2="{TOP + h}" stroke="#ddd"/>')
        out.append(f'<text x="{x(v):.1f}" y="{TOP + h + 16}" font-size="11" text-anchor="middle">{v:,.0f}</text>')
    out.append(f'<text x="{x0 + LEFT + w / 2}" y="{HEIGHT - 6}" font-size="12" text-anchor="middle">cards</text>')
    out.append(f'<text x="{x0 + 14}" y="{TOP + h / 2}" font-size="12" text-anchor="middle" '
               f'transform="rotate(-90 {x0 + 14} {TOP + h / 2})">{escape(unit)}</text>')
    if mark:
        out.append(f'<line x1="{x0 + LEFT}" x2="{x0 + LEFT + w}" y1="{y(mark[0]):.1f}" y2="{y(mark[0]):.1f}" '
                   f'stroke="#c00" stroke-dasharray="6 4"/>')
        out.append(f'<text x="{x0 + LEFT + 4}" y="{y(mark[0]) - 4:.1f}" font-size="11" fill="#c00">{escape(mark[1])}</text>')
    for k, (task, points) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        path = " ".join(f"{x(p[0]):.1f},{y(pick(p)):.1f}" for p in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2">'
                   f'<title>{escape(task)}</title></polyline>')
        for p in points:
            out.append(f'<circle cx="{x(p[0]):.1f}" cy="{y(pick(p)):.1f}" r="3" fill="{colour}">'
                       f'<title>{escape(task)}: {p[0]:,.0f} cards, {pick(p):,.2f} {escape(unit)}</title></circle>')
    return out


def svg(series):
    legend_rows = math.ceil(len(series) / 3)
    total_height = HEIGHT + 18 * legend_rows + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{total_height}" '
             f'font-family="sans-serif" viewBox="0 0 {2 * WIDTH} {total_height}">',
             f'<rect width="{2 * WIDTH}" height="{total_height}" fill="white"/>']
    parts += panel(0, "boardkit: wall time", "seconds", series, lambda p: p[1])
    parts += panel(WIDTH, "boardkit: peak memory", "MB", series, lambda p: p[2], (1024, "1 GB"))
    for k, task in enumerate(series):
        lx, ly = 20 + (k % 3) * 300, HEIGHT + 12 + (k // 3) * 18
        colour = COLOURS[k % len(COLOURS)]
        parts.append(f'<rect x="{lx}" y="{ly - 9}" width="14" height="4" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 20}" y="{ly - 4}" font-size="12">{escape(task)}</text>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Benchmarks", "RESULTS.md")
    series = boardkit_rows(path)
    if not series:
        print("chart.py: no task measured at two sizes or more; no chart drawn")
        return
    target = os.path.join(os.path.dirname(os.path.abspath(path)), "results.svg")
    with open(target, "w", encoding="utf-8") as f:
        f.write(svg(series))
    text = open(path, encoding="utf-8").read()
    link = "![boardkit's wall time and peak memory against cards, per task](results.svg)\n"
    if link not in text:
        head, sep, rest = text.partition("\n| cards | task |")
        text = head.rstrip("\n") + "\n\n" + link + "\n" + sep.lstrip("\n") + rest if sep else text + "\n" + link
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"chart.py: {len(series)} tasks drawn into {target}")


if __name__ == "__main__":
    main()
