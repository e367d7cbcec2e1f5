//! What both benchmark binaries share.

use std::time::Duration;

use criterion::Criterion;

/// Short runs: twenty samples over three seconds keep `cargo bench` to a few minutes on two cores,
/// with intervals of a few per cent on a quiet machine.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

/// Criterion's options that take a value, so the filter can be told apart from them.
const OPTIONS_WITH_VALUES: &[&str] = &[
    "-c",
    "--color",
    "-s",
    "--save-baseline",
    "-b",
    "--baseline",
    "--baseline-lenient",
    "--format",
    "--profile-time",
    "--load-baseline",
    "--sample-size",
    "--warm-up-time",
    "--measurement-time",
    "--nresamples",
    "--noise-threshold",
    "--confidence-level",
    "--significance-level",
    "--plotting-backend",
    "--output-format",
];

/// Whether a benchmark's own timing after criterion (its ratios) should run: under
/// `cargo bench` (which passes `--bench`) when no filter is given or the filter mentions
/// `keyword`; never under `cargo test`, `--list` or `--profile-time`. (Not every benchmark
/// binary times anything after criterion.)
#[allow(dead_code)]
pub fn timing_wanted(keyword: &str) -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if !has("--bench") || has("--test") || has("--list") || has("--profile-time") {
        return false;
    }
    let mut filter = None;
    let mut skip_value = false;
    for arg in &args {
        if skip_value {
            skip_value = false;
        } else if arg.starts_with('-') {
            skip_value = !arg.contains('=') && OPTIONS_WITH_VALUES.contains(&arg.as_str());
        } else {
            filter = Some(arg.as_str());
        }
    }
    filter.is_none_or(|f| f.contains(keyword))
}

/// One key press for the app, on a screen of `size`.
#[allow(dead_code)]
pub fn press(
    app: &mut umbra::app::GameApp,
    size: chargrid::core::UCoord,
    key: chargrid::input::KeyboardInput,
) {
    use chargrid::core::{Component, Event, FrameBuffer};
    let fb = FrameBuffer::new(size);
    let event = Event::Input(chargrid::input::Input::Keyboard(key));
    app.update(&mut (), fb.default_ctx(), event);
}
