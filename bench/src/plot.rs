//! "Remaining tokens over time" per input, one line per algorithm (and job count), with a
//! logarithmic y axis in percent of the input's tokens, as in Fig. 5 of the Pardis paper.

use crate::results::RunRecord;
use plotters::prelude::*;
use std::path::Path;

/// Line colours, cycled.
const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// One line of the plot: a step curve of (seconds, percent remaining).
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The legend text.
    pub label: String,
    /// The points, already stepped.
    pub points: Vec<(f64, f64)>,
}

/// The step curve of a run: percent of the input's tokens (bytes when the run has no tokens)
/// left at each moment, held until the next improvement and to the end of the run.
pub fn curve(run: &RunRecord) -> Option<Curve> {
    let use_tokens = run.input.tokens.is_some_and(|t| t > 0)
        && run.size_over_time.iter().all(|p| p.tokens.is_some());
    let total = if use_tokens {
        run.input.tokens? as f64
    } else {
        run.input.bytes as f64
    };
    if total <= 0.0 || run.size_over_time.is_empty() {
        return None;
    }
    let value = |p: &crate::stats::SizePoint| {
        let v = if use_tokens {
            p.tokens.unwrap_or(0) as f64
        } else {
            p.bytes as f64
        };
        (100.0 * v / total).max(1e-3)
    };
    let mut points: Vec<(f64, f64)> = Vec::new();
    for p in &run.size_over_time {
        let y = value(p);
        match points.last() {
            Some(&(_, prev)) => points.push((p.seconds, prev)),
            // The input's size holds from the start until the first point.
            None if p.seconds > 0.0 => points.push((0.0, y)),
            None => {}
        }
        points.push((p.seconds, y));
    }
    let end = run
        .reduction_seconds
        .max(points.last().map_or(0.0, |p| p.0));
    let last = points.last().map_or(100.0, |p| p.1);
    points.push((end, last));
    let mut label = run.label();
    if !use_tokens {
        label.push_str(" (bytes)");
    }
    Some(Curve { label, points })
}

/// Draws the curves of `runs` (all of one case) into an SVG file.
pub fn draw(path: &Path, case: &str, runs: &[&RunRecord]) -> Result<(), String> {
    let curves: Vec<Curve> = runs.iter().filter_map(|r| curve(r)).collect();
    if curves.is_empty() {
        return Err(format!("{case}: no run has a size-over-time curve"));
    }
    let xmax = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.0))
        .fold(0.0f64, f64::max)
        .max(1e-3)
        * 1.02;
    let ymin_data = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .fold(100.0f64, f64::min);
    let ymin = 10f64.powf(ymin_data.log10().floor()).min(10.0);
    let err = |e: &dyn std::fmt::Debug| format!("{}: {e:?}", path.display());
    let what = if curves.iter().all(|c| !c.label.ends_with("(bytes)")) {
        "tokens"
    } else {
        "size"
    };

    let root = SVGBackend::new(path, (960, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{case}: remaining {what} over time"),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..xmax, (ymin..100f64).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("time (s)")
        .y_desc(format!("remaining {what} (% of input, log scale)"))
        .y_label_formatter(&|v| format_percent(*v))
        .draw()
        .map_err(|e| err(&e))?;
    for (i, c) in curves.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(c.points.clone(), color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(c.label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

fn format_percent(v: f64) -> String {
    if v >= 1.0 {
        format!("{v:.0}%")
    } else {
        format!("{v}%")
    }
}

/// A file name for a case's plot: `perses/clang-22382` → `perses_clang-22382.svg`.
pub fn file_name(case: &str) -> String {
    format!("{}.svg", crate::results::safe_name(case))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::tests::sample;

    #[test]
    fn curves_step_and_run_to_the_end() {
        let r = sample("perses/a", "perses", 1, "");
        let c = curve(&r).unwrap();
        assert_eq!(c.label, "perses -j1");
        assert_eq!(c.points.first(), Some(&(0.0, 100.0)));
        // Held at 10% until the next improvement at 9 s, then 4% until 9.9 s.
        assert_eq!(c.points[1], (5.0, 100.0));
        assert_eq!(c.points[2], (5.0, 10.0));
        assert_eq!(c.points[3], (9.0, 10.0));
        assert_eq!(c.points[4], (9.0, 4.0));
        assert_eq!(c.points.last(), Some(&(9.9, 4.0)));
    }

    #[test]
    fn an_svg_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let a = sample("perses/a", "perses", 1, "");
        let b = sample("perses/a", "pardis", 2, "");
        let p = dir.path().join(file_name("perses/a"));
        draw(&p, "perses/a", &[&a, &b]).unwrap();
        let svg = std::fs::read_to_string(&p).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
        assert!(svg.contains("pardis -j2"));
        assert!(svg.contains("remaining tokens"));
    }
}
