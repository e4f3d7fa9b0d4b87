//! The exported charts' text: laying glyphs out and drawing them into the bitmap.
//!
//! plotters' own text drawing (its `ab_glyph` font) puts each glyph's outline box at the pen
//! position, dropping the glyph's left side bearing and rounding the pen down glyph by glyph,
//! so that "cl" touches and "classic" reads "dassic". [`TextBackend`] wraps plotters' bitmap
//! backend and draws text itself: each glyph placed at its pen position (the sum of the
//! advance widths and kerning before it, kept fractional), its outline drawn where the font
//! puts it relative to that position, on a common baseline.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use plotters::prelude::BitMapBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use std::sync::OnceLock;

/// The charts' font: egui's bundled Ubuntu Light, so that the files need no system fonts.
pub fn chart_font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT).ok())
        .as_ref()
}

/// One glyph of a laid-out line: which glyph, and where its pen position is (in pixels from
/// the line's start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The glyph.
    pub id: ab_glyph::GlyphId,
    /// Its pen position along the line.
    pub x: f32,
}

/// A line of text laid out at `size` pixels: the glyphs' pen positions, and the line's width
/// (the last pen position plus the last advance).
pub fn layout(font: &FontRef<'_>, size: f32, text: &str) -> (Vec<Placed>, f32) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut x = 0.0f32;
    let mut previous = None;
    let mut placed = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        placed.push(Placed { id, x });
        x += scaled.h_advance(id);
        previous = Some(id);
    }
    (placed, x)
}

/// The height of a line at `size` pixels: ascent to descent.
fn line_height(font: &FontRef<'_>, size: f32) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    scaled.ascent() - scaled.descent()
}

/// Draws `text` with its layout box's top-left corner at `(0, 0)`, calling `pixel(x, y,
/// coverage)` for every covered pixel (coverage 0 to 1).
pub fn rasterize(font: &FontRef<'_>, size: f32, text: &str, mut pixel: impl FnMut(i32, i32, f32)) {
    let scale = PxScale::from(size);
    let ascent = font.as_scaled(scale).ascent();
    let (placed, _) = layout(font, size, text);
    for g in placed {
        let glyph = g.id.with_scale_and_position(scale, point(g.x, ascent));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            outline.draw(|x, y, c| {
                pixel(
                    bounds.min.x as i32 + x as i32,
                    bounds.min.y as i32 + y as i32,
                    c,
                );
            });
        }
    }
}

/// plotters' bitmap backend with the text drawn by [`rasterize`] (everything else is the
/// bitmap backend's own drawing).
pub struct TextBackend<'a> {
    inner: BitMapBackend<'a>,
    font: &'static FontRef<'static>,
    /// Every text drawn, in order, with its anchor point (what a test reads back).
    log: TextLog,
}

/// The texts a [`TextBackend`] drew, shared with whoever made it (plotters keeps the backend).
pub type TextLog = std::rc::Rc<std::cell::RefCell<Vec<(String, BackendCoord)>>>;

impl<'a> TextBackend<'a> {
    /// Wraps `inner`, drawing text in `font` and noting each text in `log`.
    pub fn new(
        inner: BitMapBackend<'a>,
        font: &'static FontRef<'static>,
        log: TextLog,
    ) -> TextBackend<'a> {
        TextBackend { inner, font, log }
    }
}

type Drawn<'a> = Result<(), DrawingErrorKind<<BitMapBackend<'a> as DrawingBackend>::ErrorType>>;

impl<'a> DrawingBackend for TextBackend<'a> {
    type ErrorType = <BitMapBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Drawn<'a> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Drawn<'a> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn<'a> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn<'a> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn<'a> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn<'a> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn<'a> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn<'a> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn<'a> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let size = style.size() as f32;
        let (_, width) = layout(self.font, size, text);
        Ok((
            width.ceil() as u32,
            line_height(self.font, size).ceil() as u32,
        ))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Drawn<'a> {
        let color = style.color();
        if color.alpha == 0.0 || text.is_empty() {
            return Ok(());
        }
        self.log.borrow_mut().push((text.to_string(), pos));
        let size = style.size() as f32;
        let (_, width) = layout(self.font, size, text);
        let height = line_height(self.font, size);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0.0,
            HPos::Center => -width / 2.0,
            HPos::Right => -width,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0.0,
            VPos::Center => -height / 2.0,
            VPos::Bottom => -height,
        };
        let (dx, dy) = (dx.round() as i32, dy.round() as i32);
        let transform = style.transform();
        let (w, h) = self.get_size();
        let mut result = Ok(());
        let font = self.font;
        rasterize(font, size, text, |x, y, coverage| {
            if result.is_err() {
                return;
            }
            let (x, y) = transform.transform(x + dx, y + dy);
            let (x, y) = (pos.0 + x, pos.1 + y);
            if x >= 0 && y >= 0 && x < w as i32 && y < h as i32 {
                result = self.inner.draw_pixel(
                    (x, y),
                    BackendColor {
                        alpha: color.alpha * f64::from(coverage.clamp(0.0, 1.0)),
                        rgb: color.rgb,
                    },
                );
            }
        });
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ab_glyph::ScaleFont;

    /// The columns of a `width`-pixel-wide strip of `text` at `size` px that hold ink.
    fn inked_columns(text: &str, size: f32, width: usize) -> Vec<bool> {
        let font = chart_font().expect("the bundled font");
        let mut columns = vec![false; width];
        rasterize(font, size, text, |x, _, c| {
            if c > 0.25 && (0..width as i32).contains(&x) {
                columns[x as usize] = true;
            }
        });
        columns
    }

    /// How many separate runs of inked columns there are.
    fn ink_runs(columns: &[bool]) -> usize {
        columns.windows(2).filter(|w| !w[0] && w[1]).count()
            + usize::from(columns.first() == Some(&true))
    }

    #[test]
    fn glyph_positions_advance_by_each_glyphs_own_width() {
        let font = chart_font().expect("the bundled font");
        let size = 16.0;
        let scaled = font.as_scaled(PxScale::from(size));
        let (placed, width) = layout(font, size, "classic");
        assert_eq!(placed.len(), 7);
        assert_eq!(placed[0].x, 0.0);
        for pair in placed.windows(2) {
            let expected =
                pair[0].x + scaled.h_advance(pair[0].id) + scaled.kern(pair[0].id, pair[1].id);
            assert!((pair[1].x - expected).abs() < 1e-4, "{pair:?}");
        }
        let last = placed[6];
        assert!((width - (last.x + scaled.h_advance(last.id))).abs() < 1e-4);
        // An "l" is narrower than an "m": the pen moves on by the glyph's own width.
        let (ll, _) = layout(font, size, "ll");
        let (mm, _) = layout(font, size, "mm");
        assert!(ll[1].x < mm[1].x / 2.0);
    }

    #[test]
    fn c_and_l_are_drawn_apart_so_classic_does_not_read_dassic() {
        // plotters' own drawing put the "l" where the "c"'s outline ended: one blob of ink.
        for size in [16.0, 18.0] {
            let columns = inked_columns("cl", size, 40);
            assert_eq!(ink_runs(&columns), 2, "at {size} px: {columns:?}");
        }
        // Every letter of "classic" stands apart (an "i" dot is in the "i"'s column).
        assert_eq!(ink_runs(&inked_columns("classic", 16.0, 120)), 7);
    }
}
