//! `pegsol --screenshot PATH`: render the window for a few frames, write a PNG of it, exit.
//!
//! Owns the screenshot run: counting frames, asking eframe for the pixels (the
//! `ViewportCommand::Screenshot` callback, via `Context::request_screenshot`), encoding the
//! PNG and reporting the outcome back to `run` for the exit status.

use eframe::egui;
use egui::ColorImage;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Frames rendered before the picture is taken, so fonts, layout and panel sizes settle.
const SETTLE_FRAMES: u32 = 8;

/// Give up after this many seconds (a driver that never delivers pixels must not hang CI).
const TIMEOUT_SECONDS: f64 = 30.0;

/// The outcome of a screenshot run, shared between the app and `run`.
pub type Outcome = Arc<Mutex<Option<Result<(), ScreenshotError>>>>;

/// Why a screenshot run made no picture.
#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    /// The graphics driver never delivered the pixels.
    #[error("no picture from the graphics driver within {seconds} s")]
    NoPicture {
        /// How long the run waited.
        seconds: f64,
    },
    /// The pixels came but the PNG could not be written.
    #[error(transparent)]
    Png(#[from] PngError),
}

/// A screenshot run in progress.
#[derive(Debug)]
pub struct ScreenshotJob {
    path: PathBuf,
    frames: u32,
    requested: bool,
    started: Option<f64>,
    outcome: Outcome,
    /// Whether only the board is wanted (`--board-only`).
    board_only: bool,
    /// The part of the window to keep, in points (`None`: all of it).
    crop: Option<egui::Rect>,
}

impl ScreenshotJob {
    /// A run that writes `path` and reports to `outcome`.
    pub fn new(path: PathBuf, outcome: Outcome) -> ScreenshotJob {
        ScreenshotJob {
            path,
            frames: 0,
            requested: false,
            started: None,
            outcome,
            board_only: false,
            crop: None,
        }
    }

    /// The same run, keeping only the board (`--board-only`): the shell tells it where the
    /// board is with [`ScreenshotJob::crop_to`].
    pub fn of_board_only(self) -> ScreenshotJob {
        ScreenshotJob {
            board_only: true,
            ..self
        }
    }

    /// Whether only the board is wanted.
    pub fn board_only(&self) -> bool {
        self.board_only
    }

    /// Keeps only `rect` (in points) of the picture: `--board-only`, set every frame to
    /// where the board is drawn, so the picture follows the layout it settles into.
    pub fn crop_to(&mut self, rect: egui::Rect) {
        self.crop = Some(rect);
    }

    /// Called once a frame: asks for the pixels once the window has settled, and closes the
    /// window when the PNG is written (or the run failed or timed out).
    pub fn tick(&mut self, ctx: &egui::Context) {
        // Keep frames coming: nothing else would repaint an idle window.
        ctx.request_repaint();
        self.frames += 1;
        let now = ctx.input(|i| i.time);
        let started = *self.started.get_or_insert(now);
        let done = self.outcome.lock().map(|o| o.is_some()).unwrap_or(true);
        if done {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if now - started > TIMEOUT_SECONDS {
            if let Ok(mut o) = self.outcome.lock() {
                *o = Some(Err(ScreenshotError::NoPicture {
                    seconds: TIMEOUT_SECONDS,
                }));
            }
            return;
        }
        if self.frames >= SETTLE_FRAMES && !self.requested {
            self.requested = true;
            let (path, outcome, repaint) = (self.path.clone(), self.outcome.clone(), ctx.clone());
            let crop = self.crop.map(|r| r * ctx.pixels_per_point());
            ctx.request_screenshot(move |image| {
                let image = match crop {
                    Some(rect) => std::sync::Arc::new(cropped(&image, rect)),
                    None => image,
                };
                let result = write_png(&path, &image).map_err(ScreenshotError::from);
                if let Ok(mut o) = outcome.lock() {
                    *o = Some(result);
                }
                repaint.request_repaint();
            });
        }
    }
}

/// The part of `image` inside `rect` (in pixels), clipped to the image: what is left is
/// empty only when `rect` lies outside it (then [`write_png`] says the window had no pixels).
pub fn cropped(image: &ColorImage, rect: egui::Rect) -> ColorImage {
    let [w, h] = image.size;
    let clip = |v: f32, most: usize| (v.round().max(0.0) as usize).min(most);
    let (left, right) = (clip(rect.left(), w), clip(rect.right(), w));
    let (top, bottom) = (clip(rect.top(), h), clip(rect.bottom(), h));
    let (cw, ch) = (right.saturating_sub(left), bottom.saturating_sub(top));
    let mut pixels = Vec::with_capacity(cw * ch);
    for y in top..top + ch {
        pixels.extend_from_slice(&image.pixels[y * w + left..y * w + left + cw]);
    }
    ColorImage::new([cw, ch], pixels)
}

/// Why a PNG could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The framebuffer came back empty.
    #[error("the window had no pixels")]
    NoPixels,
    /// The encoder refused the image.
    #[error("{path}: cannot encode the PNG: {source}")]
    Encode {
        /// The file that was to be written.
        path: PathBuf,
        /// The encoder's reason.
        #[source]
        source: png::EncodingError,
    },
    /// The file could not be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// Encodes an RGBA image as a PNG file.
pub fn write_png(path: &Path, image: &ColorImage) -> Result<(), PngError> {
    let [w, h] = image.size;
    if w == 0 || h == 0 {
        return Err(PngError::NoPixels);
    }
    let encode = |source| PngError::Encode {
        path: path.to_path_buf(),
        source,
    };
    // Encoded in memory, then written atomically: a failed run never leaves half a PNG.
    let mut png_bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut png_bytes, w as u32, h as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(encode)?;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        // The window is opaque; drop whatever alpha the framebuffer read back.
        .flat_map(|p| [p.r(), p.g(), p.b(), 255])
        .collect();
    writer.write_image_data(&bytes).map_err(encode)?;
    writer.finish().map_err(encode)?;
    pegsol_layout::files::write_atomic(path, png_bytes).map_err(|source| PngError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// A `--size` that is not a window size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// Not of the form `WxH`.
    #[error("`{0}` is not a window size: expected WxH, e.g. 1200x800")]
    NotASize(String),
    /// Too small or too large.
    #[error("`{0}`: the window must be 200-8192 wide and 150-8192 high")]
    OutOfRange(String),
}

/// Parses `--size WxH` (e.g. `1200x800`), accepting `x` or `X` and refusing silly sizes.
pub fn parse_size(text: &str) -> Result<[f32; 2], SizeError> {
    let bad = || SizeError::NotASize(text.to_string());
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(200..=8192).contains(&w) || !(150..=8192).contains(&h) {
        return Err(SizeError::OutOfRange(text.to_string()));
    }
    Ok([w as f32, h as f32])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_silly_ones_are_refused() {
        assert_eq!(parse_size("1200x800"), Ok([1200.0, 800.0]));
        assert_eq!(parse_size(" 640X480 "), Ok([640.0, 480.0]));
        for bad in ["", "1200", "ax3", "10x10", "99999x800"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_crop_keeps_the_pixels_inside_its_rect_and_clips_to_the_image() {
        // A 4x3 image whose pixel (x, y) has red x and green y.
        let pixels = (0..3)
            .flat_map(|y| (0..4).map(move |x| egui::Color32::from_rgb(x, y, 0)))
            .collect();
        let image = ColorImage::new([4, 3], pixels);
        let rect = egui::Rect::from_min_max(egui::pos2(1.0, 1.0), egui::pos2(3.0, 3.0));
        let part = cropped(&image, rect);
        assert_eq!(part.size, [2, 2]);
        let at = |x: usize, y: usize| part.pixels[y * 2 + x];
        assert_eq!(at(0, 0), egui::Color32::from_rgb(1, 1, 0));
        assert_eq!(at(1, 1), egui::Color32::from_rgb(2, 2, 0));
        // Past the image's edge: clipped, not a panic.
        let wide = egui::Rect::from_min_max(egui::pos2(2.0, -5.0), egui::pos2(99.0, 99.0));
        assert_eq!(cropped(&image, wide).size, [2, 3]);
        let outside = egui::Rect::from_min_max(egui::pos2(9.0, 9.0), egui::pos2(12.0, 12.0));
        assert!(matches!(
            write_png(
                std::path::Path::new("/nonexistent/x.png"),
                &cropped(&image, outside)
            ),
            Err(PngError::NoPixels)
        ));
    }

    #[test]
    fn png_is_written_and_readable() {
        let dir = pegsol_testkit::scratch::Scratch::new("png");
        let path = dir.join("t.png");
        let image = ColorImage::new([3, 2], vec![egui::Color32::RED; 6]);
        write_png(&path, &image).unwrap();
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (3, 2));
    }
}
