//! The sweep's charts as PNG files, drawn with plotters.
//!
//! Owns drawing a [`Chart`] (data and labels from [`super::chart`]) into pixels and
//! encoding them. The command line's `experiment --plots DIR` and the window's Export PNG both
//! come here, so the files are the same whichever made them. Text uses egui's bundled Ubuntu
//! Light font from the `epaint_default_fonts` crate, registered from bytes: no system fonts
//! and no fontconfig needed.

use super::chart::{charts, x_tick_label, y_tick_label, Chart, XAxis, SERIES_COLOURS};
use super::sweep::SweepRow;
use crate::layout::files::write_atomic;
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The PNG size of a chart, in pixels.
pub const SIZE: (u32, u32) = (960, 600);

/// The family name the font is registered under.
const FAMILY: &str = "sans-serif";

/// Why a chart could not be drawn or written.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The bundled font did not load.
    #[error("the chart font could not be loaded")]
    Font,
    /// plotters failed (its errors are not `Send`, so only their text is kept).
    #[error("drawing the chart `{id}`: {message}")]
    Draw {
        /// The chart.
        id: &'static str,
        /// plotters' message.
        message: String,
    },
    /// The PNG encoder failed.
    #[error("encoding the chart `{id}`: {source}")]
    Encode {
        /// The chart.
        id: &'static str,
        /// The encoder's error.
        source: png::EncodingError,
    },
    /// The folder could not be made.
    #[error("{}: cannot create the folder: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Registers the font once per process; later calls return the first answer.
fn font() -> Result<(), ChartError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let loaded = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(
            FAMILY,
            FontStyle::Normal,
            epaint_default_fonts::UBUNTU_LIGHT,
        )
        .is_ok()
    });
    if loaded {
        Ok(())
    } else {
        Err(ChartError::Font)
    }
}

/// The x and y ranges that show every point with a margin.
fn ranges(chart: &Chart) -> (std::ops::Range<f64>, std::ops::Range<f64>) {
    let points = || chart.series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1) =
        points().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let y1 = points().fold(0.0f64, |a, p| a.max(p.1));
    if x0 > x1 {
        (x0, x1) = (0.0, 1.0);
    }
    let pad = match chart.x_axis {
        XAxis::Categories(_) => 0.5,
        _ => ((x1 - x0) * 0.05).max(0.5),
    };
    if let XAxis::Categories(names) = &chart.x_axis {
        (x0, x1) = (0.0, names.len().saturating_sub(1) as f64);
    }
    ((x0 - pad)..(x1 + pad), 0.0..(y1 * 1.08).max(1.0))
}

/// Draws `chart` and returns the picture as PNG bytes.
pub fn render_png(chart: &Chart) -> Result<Vec<u8>, ChartError> {
    font()?;
    let (w, h) = SIZE;
    let mut pixels = vec![255u8; (w * h * 3) as usize];
    draw(chart, &mut pixels).map_err(|e| ChartError::Draw {
        id: chart.id,
        message: e.to_string(),
    })?;
    let encode = |source| ChartError::Encode {
        id: chart.id,
        source,
    };
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(encode)?;
        writer.write_image_data(&pixels).map_err(encode)?;
    }
    Ok(out)
}

/// The width of the legend column at the right of each chart, in pixels.
const LEGEND_WIDTH: u32 = 210;

fn draw(chart: &Chart, pixels: &mut [u8]) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(pixels, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    // The legend has a column of its own beside the plot, so it never covers a line.
    let (plot_area, legend_area) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let (xs, ys) = ranges(chart);
    let x_labels = match &chart.x_axis {
        XAxis::Categories(names) => names.len().max(2),
        XAxis::Log10Budget => ((xs.end - xs.start).ceil() as usize + 1) * 2,
        XAxis::Linear => 12,
    };
    let mut cc = ChartBuilder::on(&plot_area)
        .caption(&chart.title, (FAMILY, 26))
        .margin(16)
        .x_label_area_size(52)
        .y_label_area_size(84)
        .build_cartesian_2d(xs, ys)?;
    let axis = chart.x_axis.clone();
    let format_x = move |x: &f64| x_tick_label(&axis, *x);
    let format_y = |y: &f64| y_tick_label(*y);
    cc.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .x_labels(x_labels)
        .y_labels(10)
        .x_label_formatter(&format_x)
        .y_label_formatter(&format_y)
        .label_style((FAMILY, 16))
        .axis_desc_style((FAMILY, 18))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    for (i, s) in chart.series.iter().enumerate() {
        let (r, g, b) = SERIES_COLOURS[s.colour % SERIES_COLOURS.len()];
        let colour = RGBColor(r, g, b);
        if s.dashed {
            cc.draw_series(DashedLineSeries::new(
                s.points.iter().copied(),
                8,
                5,
                colour.stroke_width(2),
            ))?;
        } else {
            cc.draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(2),
            ))?;
        }
        cc.draw_series(s.points.iter().map(|&p| Circle::new(p, 4, colour.filled())))?;
        // The legend entry: a sample of the line (two short strokes when dashed) with its
        // point marker, and the name.
        let y = 70 + 28 * i as i32;
        let stroke = colour.stroke_width(3);
        let strokes: &[(i32, i32)] = if s.dashed {
            &[(8, 16), (22, 30)]
        } else {
            &[(8, 38)]
        };
        for &(a, b) in strokes {
            legend_area.draw(&PathElement::new(vec![(a, y), (b, y)], stroke))?;
        }
        legend_area.draw(&Circle::new((23, y), 4, colour.filled()))?;
        legend_area.draw(&Text::new(
            s.name.clone(),
            (46, y - 9),
            (FAMILY, 16).into_font().color(&BLACK),
        ))?;
    }
    root.present()?;
    Ok(())
}

/// Writes every chart of `rows` into `dir` (created if missing) as `<id>.png`, each file
/// atomically, and returns the paths written.
pub fn write_charts(rows: &[SweepRow], dir: &Path) -> Result<Vec<PathBuf>, ChartError> {
    std::fs::create_dir_all(dir).map_err(|source| ChartError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::new();
    for chart in charts(rows) {
        let path = dir.join(format!("{}.png", chart.id));
        let bytes = render_png(&chart)?;
        write_atomic(&path, &bytes).map_err(|source| ChartError::Write {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}
