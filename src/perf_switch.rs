//! TEMPORARY (measurement of issue 39): `TVMSCRIPT_OFF=a,b,...` turns mechanisms off.
pub fn off(what: &str) -> bool {
    static OFF: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    OFF.get_or_init(|| std::env::var("TVMSCRIPT_OFF").unwrap_or_default().split(',').map(str::to_string).collect())
        .iter()
        .any(|w| w == what)
}
