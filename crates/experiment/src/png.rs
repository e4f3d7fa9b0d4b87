//! The sweep's charts as PNG files, drawn with plotters.
//!
//! Owns drawing a [`Chart`] (data and labels from [`super::chart`]) into pixels and
//! encoding them. The command line's `experiment --plots DIR` and the window's Export PNG both
//! come here, so the files are the same whichever made them. Text uses egui's bundled Ubuntu
//! Light font from the `epaint_default_fonts` crate, registered from bytes: no system fonts
//! and no fontconfig needed; it is drawn by [`super::png_text`], which places each glyph by
//! the advance widths before it. A category axis names every category (turned to read
//! downwards where the names do not fit side by side); each line has its own colour and a
//! marker shape paired with it.

use super::chart::{charts, x_tick_label, y_tick_label, Chart, XAxis};
use super::palette::{marker_for, series_colour, Marker};
use super::png_text::{chart_font, layout, TextBackend, TextLog};
use super::sweep::SweepRow;
use pegsol_layout::files::write_atomic;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;
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
    let (pixels, _) = render_pixels(chart)?;
    let (w, h) = SIZE;
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

/// Draws `chart` into RGB pixels, [`SIZE`] large; also returns every text drawn, in order.
pub fn render_pixels(chart: &Chart) -> Result<(Vec<u8>, Vec<String>), ChartError> {
    font()?;
    let text_font = chart_font().ok_or(ChartError::Font)?;
    let (w, h) = SIZE;
    let mut pixels = vec![255u8; (w * h * 3) as usize];
    let log = TextLog::default();
    draw(chart, &mut pixels, text_font, log.clone()).map_err(|e| ChartError::Draw {
        id: chart.id,
        message: e.to_string(),
    })?;
    let texts = log.borrow().iter().map(|(t, _)| t.clone()).collect();
    Ok((pixels, texts))
}

/// The width of the legend column at the right of each chart, in pixels.
const LEGEND_WIDTH: u32 = 210;
/// The tick labels' size in pixels.
const LABEL_PX: f64 = 16.0;
/// The y axis's label column, in pixels.
const Y_LABEL_AREA: u32 = 84;
/// The chart's margin, in pixels.
const MARGIN: u32 = 16;

/// A category axis's names: how they are written under the plot. Upright where each fits
/// its slot, else turned to read downwards (so that every board is named, however many).
fn turned(names: &[String], slot: f64, font: &ab_glyph::FontRef<'_>) -> (bool, f64) {
    let widest = names
        .iter()
        .map(|n| f64::from(layout(font, LABEL_PX as f32, n).1))
        .fold(0.0, f64::max);
    (widest + 8.0 > slot, widest)
}

fn draw(
    chart: &Chart,
    pixels: &mut [u8],
    font: &'static ab_glyph::FontRef<'static>,
    log: TextLog,
) -> Result<(), Box<dyn std::error::Error>> {
    let backend = TextBackend::new(BitMapBackend::with_buffer(pixels, SIZE), font, log);
    let root = backend.into_drawing_area();
    root.fill(&WHITE)?;
    // The legend has a column of its own beside the plot, so it never covers a line.
    let (plot_area, legend_area) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let (xs, ys) = ranges(chart);
    // Board names: one per board, drawn here rather than by the mesh (which spaces its labels
    // as it likes and would leave some out), turned when they do not fit side by side.
    let names = match &chart.x_axis {
        XAxis::Categories(names) => names.clone(),
        _ => Vec::new(),
    };
    let plot_width = f64::from(SIZE.0 - LEGEND_WIDTH - 2 * MARGIN - Y_LABEL_AREA);
    let slot = plot_width / (xs.end - xs.start).max(1.0);
    let (turn, widest) = turned(&names, slot, font);
    let x_label_area = if turn { widest as u32 + 40 } else { 52 };
    let x_labels = match &chart.x_axis {
        XAxis::Categories(names) => names.len().max(2),
        XAxis::Log10Budget => ((xs.end - xs.start).ceil() as usize + 1) * 2,
        XAxis::Linear => 12,
    };
    let mut cc = ChartBuilder::on(&plot_area)
        .caption(&chart.title, (FAMILY, 26))
        .margin(MARGIN)
        .x_label_area_size(x_label_area)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(xs, ys.clone())?;
    let axis = chart.x_axis.clone();
    let format_x = move |x: &f64| match &axis {
        XAxis::Categories(_) => String::new(),
        _ => x_tick_label(&axis, *x),
    };
    let format_y = |y: &f64| y_tick_label(*y);
    cc.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .x_labels(x_labels)
        .y_labels(10)
        .x_label_formatter(&format_x)
        .y_label_formatter(&format_y)
        .label_style((FAMILY, LABEL_PX))
        .axis_desc_style((FAMILY, 18))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    for (i, name) in names.iter().enumerate() {
        let (x, y) = cc.backend_coord(&(i as f64, ys.start));
        let style = (FAMILY, LABEL_PX).into_font().color(&BLACK);
        let style = if turn {
            style
                .transform(FontTransform::Rotate90)
                .pos(Pos::new(HPos::Left, VPos::Center))
        } else {
            style.pos(Pos::new(HPos::Center, VPos::Top))
        };
        root.draw(&Text::new(name.clone(), (x, y + 8), style))?;
    }
    for (i, s) in chart.series.iter().enumerate() {
        let (r, g, b) = series_colour(s.colour);
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
        let marker = marker_for(s.colour);
        for &p in &s.points {
            let at = cc.backend_coord(&p);
            draw_marker(&root, marker, at, colour)?;
        }
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
        draw_marker(&legend_area, marker, (23, y), colour)?;
        legend_area.draw(&Text::new(
            s.name.clone(),
            (46, y - 9),
            (FAMILY, 16).into_font().color(&BLACK),
        ))?;
    }
    root.present()?;
    Ok(())
}

/// A point marker of `shape` centred on `at` (in the area's pixels).
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    shape: Marker,
    at: (i32, i32),
    colour: RGBColor,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let (x, y) = at;
    match shape {
        Marker::Circle => area.draw(&Circle::new(at, 4, colour.filled()))?,
        Marker::Square => area.draw(&Rectangle::new(
            [(x - 4, y - 4), (x + 4, y + 4)],
            colour.filled(),
        ))?,
        Marker::Triangle => area.draw(&Polygon::new(
            vec![(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)],
            colour.filled(),
        ))?,
        Marker::Diamond => area.draw(&Polygon::new(
            vec![(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)],
            colour.filled(),
        ))?,
        Marker::Plus => {
            let stroke = colour.stroke_width(3);
            area.draw(&PathElement::new(vec![(x - 5, y), (x + 5, y)], stroke))?;
            area.draw(&PathElement::new(vec![(x, y - 5), (x, y + 5)], stroke))?;
        }
    }
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
