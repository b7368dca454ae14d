//! `--report FILE.html` seen in a real browser: the bundled C example is reduced with a
//! report, headless Chromium takes a screenshot of the page (offline, with a fresh profile),
//! and the screenshot must be a drawn page holding the plots, with their line inside the
//! plot area. Skips with a message without Chromium or gcc (CI installs both).

use reducer_core::cli::report::plot::{AREA, LINE};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium's program, if installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|c| {
        Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `#rrggbb` as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let v = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [v(1), v(3), v(5)]
}

/// A screenshot of `page` by headless Chromium, `width` × `height` pixels, as RGB rows.
fn screenshot(
    browser: &str,
    page: &Path,
    dir: &Path,
    width: u32,
    height: u32,
) -> Vec<Vec<[u8; 3]>> {
    let png = dir.join("shot.png");
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-color-profile=srgb",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        png.exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Kept for a person to look at: target/tmp/report-screenshot.png.
    let keep = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-screenshot.png");
    let _ = std::fs::copy(&png, keep);
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert!(channels >= 3, "a colour screenshot: {:?}", info.color_type);
    buf[..info.buffer_size()]
        .chunks(info.line_size)
        .map(|row| {
            row.chunks(channels)
                .take(info.width as usize)
                .map(|p| [p[0], p[1], p[2]])
                .collect()
        })
        .collect()
}

#[test]
fn the_report_opens_in_chromium_with_its_plots_drawn() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: chromium is not installed");
        return;
    };
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/c");
    for f in ["bug.c", "interesting.sh"] {
        std::fs::copy(example.join(f), dir.path().join(f)).unwrap();
    }
    let o = Command::new(env!("CARGO_BIN_EXE_reduce-c"))
        .args([
            "bug.c",
            "-q",
            "--report",
            "report.html",
            "--stats",
            "s.json",
        ])
        .args(["--test", "./interesting.sh"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    // The page and the record tell the same run.
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("s.json")).unwrap()).unwrap();
    let queries = stats["queries"]["real"].as_u64().unwrap();
    assert!(
        page.contains(&format!("with {queries} queries")),
        "{queries}"
    );
    assert!(
        page.contains("./interesting.sh"),
        "the settings name the test"
    );
    assert_eq!(page.matches("<svg ").count(), 2);

    let (width, height) = (1280, 1000);
    let pixels = screenshot(
        browser,
        &dir.path().join("report.html"),
        dir.path(),
        width,
        height,
    );
    assert_eq!(pixels.len(), height as usize);
    // Not blank: a good share of pixels is not the white background, in many colours.
    let all: Vec<[u8; 3]> = pixels.iter().flatten().copied().collect();
    let inked = all.iter().filter(|p| **p != [255, 255, 255]).count();
    assert!(
        inked * 50 > all.len(),
        "{inked} of {} pixels drawn",
        all.len()
    );
    let mut colours: Vec<[u8; 3]> = all.clone();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 20, "{} colours", colours.len());
    // The plot areas are there, and the line is drawn inside them.
    let (area, line) = (rgb(AREA), rgb(LINE));
    let near = |p: &[u8; 3], c: [u8; 3]| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 3);
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, row) in pixels.iter().enumerate() {
        for (x, p) in row.iter().enumerate() {
            if near(p, area) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    assert!(x0 < x1 && y0 < y1, "no plot area in the screenshot");
    let in_plot = pixels[y0..=y1]
        .iter()
        .flat_map(|row| &row[x0..=x1])
        .filter(|p| near(p, line))
        .count();
    assert!(
        in_plot > 300,
        "{in_plot} pixels of the line inside the plot areas"
    );
}
