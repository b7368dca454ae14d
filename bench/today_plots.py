#!/usr/bin/env python3
"""Draws the plots of the headline of docs/benchmarks.md from docs/bench/today/peers.csv.

    python3 bench/today_plots.py        # writes docs/bench/today/{sizes,calls}.svg

One row of bars per input (ours, C-Vise, C-Reduce when it was run): the final size in
non-whitespace characters, and the oracle calls. Plain SVG, no library needed.
"""
import csv
import html
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "docs", "bench", "today")
COLOURS = {"ours": "#d9480f", "C-Vise": "#4c6ef5", "C-Reduce": "#868e96"}


def family(tool):
    if tool.startswith("reduce-"):
        return "ours"
    return tool.split(" ")[0]


def group(n):
    return f"{n:,}"


def ticks(top):
    raw = top / 5
    mag = 10 ** len(str(int(raw))) / 10
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= raw:
            step = m * mag
            break
    end = step * -(-top // step)
    return step, end


def bars(rows, field, title, unit):
    cases = []
    for r in rows:
        key = (r["language"], r["input"])
        if key not in [c[0] for c in cases]:
            cases.append((key, []))
        dict(cases)[key].append(r)
    bar, gap, left, top_pad, width = 9, 10, 290, 40, 860
    plot_w = width - left - 30
    height = top_pad + sum(len(c[1]) * bar + gap for c in cases) + 40
    top = max(int(r[field]) for r in rows)
    step, end = ticks(top)
    sx = lambda v: left + v / end * plot_w
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{left}" y="16" font-size="13" fill="#111">{html.escape(title)}</text>',
    ]
    x_axis_y = height - 30
    v = 0
    while v <= end:
        x = sx(v)
        out.append(
            f'<line x1="{x:.1f}" y1="{top_pad - 6}" x2="{x:.1f}" y2="{x_axis_y}" '
            f'stroke="#dde" stroke-width="0.6"/>'
            f'<text x="{x:.1f}" y="{x_axis_y + 14}" text-anchor="middle" fill="#333">'
            f"{group(int(v))}</text>"
        )
        v += step
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" '
        f'fill="#111">{html.escape(unit)}</text>'
    )
    y = top_pad
    for (language, name), members in cases:
        block = len(members) * bar
        out.append(
            f'<text x="{left - 8}" y="{y + block / 2 + 4:.1f}" text-anchor="end" fill="#111">'
            f"{html.escape(language)}: {html.escape(name)}</text>"
        )
        for r in members:
            value = int(r[field])
            colour = COLOURS[family(r["tool"])]
            out.append(
                f'<rect x="{left}" y="{y}" width="{sx(value) - left:.1f}" height="{bar - 1}" '
                f'fill="{colour}"><title>{html.escape(r["tool"])}: {group(value)}</title></rect>'
                f'<text x="{sx(value) + 3:.1f}" y="{y + bar - 1.5}" font-size="9" fill="#333">'
                f"{group(value)}</text>"
            )
            y += bar
        y += gap
    lx = left
    for name, colour in COLOURS.items():
        label = "reduce-* (default)" if name == "ours" else name
        out.append(
            f'<rect x="{lx}" y="24" width="10" height="10" fill="{colour}"/>'
            f'<text x="{lx + 14}" y="33" fill="#111">{label}</text>'
        )
        lx += 140
    out.append("</svg>\n")
    return "\n".join(out)


def main():
    with open(os.path.join(DATA, "peers.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    plots = {
        "sizes.svg": ("non_ws_chars", "Final size (smaller is better)", "non-whitespace characters"),
        "calls.svg": ("oracle_calls", "Oracle calls (fewer is better)",
                      "oracle calls (ours: queries, without the runs made ahead on the second core)"),
    }
    for name, (field, title, unit) in plots.items():
        with open(os.path.join(DATA, name), "w") as f:
            f.write(bars(rows, field, title, unit))


if __name__ == "__main__":
    main()
