//! A step plot drawn as inline SVG: the best size so far against time or against queries.
//! No script and no font file: the page shows it offline, in any browser.

use std::fmt::Write as _;

/// The colour of a plot's line (also what the browser test looks for in a screenshot).
pub const LINE: &str = "#d9480f";
/// The colour of a plot's area behind the line.
pub const AREA: &str = "#eef3fb";

const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 240.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 42.0;

/// A step plot of `points` (x, y), each y holding until the next point's x, and the last
/// until `x_end`, with the axes labelled `x_label` and `y_label`.
pub fn step_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    points: &[(f64, f64)],
    x_end: f64,
) -> String {
    let x_max = points
        .iter()
        .map(|p| p.0)
        .fold(x_end, f64::max)
        .max(f64::MIN_POSITIVE);
    let y_max = points.iter().map(|p| p.1).fold(0.0, f64::max).max(1.0);
    let (x_step, x_top) = ticks(x_max);
    let (y_step, y_top) = ticks(y_max);
    let (w, h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let sx = |x: f64| LEFT + x / x_top * w;
    let sy = |y: f64| TOP + h - y / y_top * h;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{}" font-family="sans-serif" font-size="11">"#,
        super::escape(title)
    );
    let _ = write!(
        svg,
        r##"<text x="{LEFT}" y="14" font-size="12" font-weight="bold" fill="#111">{}</text><rect x="{LEFT}" y="{TOP}" width="{w}" height="{h}" fill="{AREA}"/>"##,
        super::escape(title)
    );
    // Grid and tick labels.
    let mut t = 0.0;
    while t <= x_top + x_step / 2.0 {
        let x = sx(t);
        let _ = write!(
            svg,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#d0d7e2" stroke-width="0.5"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            TOP + h,
            TOP + h + 14.0,
            number(t)
        );
        t += x_step;
    }
    let mut t = 0.0;
    while t <= y_top + y_step / 2.0 {
        let y = sy(t);
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#d0d7e2" stroke-width="0.5"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#333">{}</text>"##,
            LEFT + w,
            LEFT - 6.0,
            y + 4.0,
            number(t)
        );
        t += y_step;
    }
    let _ = write!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#111">{}</text><text transform="translate(14 {:.1}) rotate(-90)" text-anchor="middle" fill="#111">{}</text>"##,
        LEFT + w / 2.0,
        HEIGHT - 6.0,
        super::escape(x_label),
        TOP + h / 2.0,
        super::escape(y_label)
    );
    // The line: each size holds until the next one is found.
    if let Some(&(x0, y0)) = points.first() {
        let mut d = format!("M{:.1} {:.1}", sx(x0), sy(y0));
        for &(x, y) in &points[1..] {
            let _ = write!(d, " H{:.1} V{:.1}", sx(x), sy(y));
        }
        let _ = write!(d, " H{:.1}", sx(x_end.max(points[points.len() - 1].0)));
        let _ = write!(
            svg,
            r#"<path d="{d}" fill="none" stroke="{LINE}" stroke-width="2.5" shape-rendering="crispEdges"/>"#
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A round tick step for an axis from 0 to `max`, and the axis's end (a multiple of it).
fn ticks(max: f64) -> (f64, f64) {
    let raw = max / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    (step, (max / step).ceil().max(1.0) * step)
}

/// A tick label: an integer with thousands separators, or one decimal for small values.
fn number(v: f64) -> String {
    if v.fract().abs() > 1e-9 && v < 100.0 {
        return format!("{v:.1}");
    }
    super::group(v.round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(ticks(1000.0), (200.0, 1000.0));
        assert_eq!(ticks(80_210.0), (20_000.0, 100_000.0));
        assert_eq!(ticks(3.2), (1.0, 4.0));
        let (step, top) = ticks(17.4);
        assert!(top >= 17.4 && (top / step).fract() == 0.0);
    }

    #[test]
    fn labels_group_thousands() {
        assert_eq!(number(80_210.0), "80,210");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(0.0), "0");
    }

    #[test]
    fn the_line_steps_through_every_point_to_the_end() {
        let svg = step_plot(
            "t",
            "s",
            "bytes",
            &[(0.0, 100.0), (1.0, 50.0), (3.0, 10.0)],
            4.0,
        );
        let path = svg.split("<path d=\"").nth(1).unwrap();
        let d = &path[..path.find('"').unwrap()];
        // Start, then a horizontal and a vertical move per later point, then to the end.
        assert_eq!(d.matches('H').count(), 3, "{d}");
        assert_eq!(d.matches('V').count(), 2, "{d}");
        assert!(svg.contains(LINE) && svg.ends_with("</svg>"));
    }
}
