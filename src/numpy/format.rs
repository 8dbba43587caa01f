//! Decimal digits of floats as NumPy's Dragon4 printing produces them: the
//! shortest digits that read back as the same value of the element type, or the
//! value rounded to a number of digits.

use super::dtype::DType;
use half::f16;

/// The shortest digits of `x` (as `dtype`) that read back as `x`, and the decimal
/// exponent of the first: `0.15625` is `("15625", -1)`.
pub fn shortest(x: f64, dtype: DType) -> (String, i32) {
    let text = match dtype {
        DType::F64 => format!("{:e}", x.abs()),
        DType::F32 => format!("{:e}", (x as f32).abs()),
        _ => {
            let target = f16::from_f64(x.abs());
            let v = target.to_f64();
            (0..17).map(|p| format!("{v:.p$e}")).find(|s| f16::from_f64(s.parse::<f64>().unwrap()) == target).unwrap_or_else(|| format!("{v:e}"))
        }
    };
    split_sci(&text)
}

/// `x` rounded to `digits` significant digits (`digits` > 0): digits and exponent.
pub fn rounded_sig(x: f64, dtype: DType, digits: usize) -> (String, i32) {
    let p = digits.saturating_sub(1);
    let text = if dtype == DType::F64 { format!("{:.p$e}", x.abs()) } else { format!("{:.p$e}", (x as f32).abs()) };
    split_sci(&text)
}

/// `x` rounded to `frac` digits after the point: digits and exponent of the first.
pub fn rounded_frac(x: f64, dtype: DType, frac: usize) -> (String, i32) {
    let text = if dtype == DType::F64 { format!("{:.frac$}", x.abs()) } else { format!("{:.frac$}", (x as f32).abs()) };
    let (int, fr) = text.split_once('.').unwrap_or((&text, ""));
    let all = format!("{int}{fr}");
    let lead = all.len() - all.trim_start_matches('0').len();
    if lead == all.len() {
        return ("0".into(), 0);
    }
    let exp = int.len() as i32 - 1 - lead as i32;
    (all[lead..].trim_end_matches('0').to_string(), exp)
}

fn split_sci(text: &str) -> (String, i32) {
    let (m, e) = text.split_once('e').unwrap_or((text, "0"));
    let digits: String = m.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    (digits.to_string(), e.parse().unwrap_or(0))
}
