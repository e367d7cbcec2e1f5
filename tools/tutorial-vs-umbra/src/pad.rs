//! Code that does nothing but take room: lines of the instruction cache, run once a turn after
//! the tutorial's, to price what a turn pays for code that does not stay in that cache from one
//! turn to the next (docs/performance.md, "The code a turn runs"). Each function is its size of
//! multi-byte no-ops: run hot (in a loop, the cache holding it) it costs a cycle or two a line;
//! run after a whole turn, each line is fetched again from the next level.

/// `LINES` lines of 64 bytes of no-ops: 256 is 16 KB, 512 as much as a first-level
/// instruction cache of 32 KB holds.
#[inline(never)]
pub fn lines<const LINES: usize>() {
    // SAFETY: no-ops only: no register, memory or flag is touched.
    unsafe {
        core::arch::asm!(
            ".rept {lines}",
            ".nops 64",
            ".endr",
            lines = const LINES,
            options(nomem, nostack, preserves_flags)
        )
    }
}
