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
