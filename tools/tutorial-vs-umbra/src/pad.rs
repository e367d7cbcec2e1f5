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

/// `LINES` lines of 64 bytes, each a jump to the next line of a scattered order (line i leads
/// to line 37 i + 1 modulo `LINES`, which visits every line once, then returns): code laid out
/// as a turn's is, which a fetch of the line after the one running does not bring in early.
macro_rules! jump_chain {
    ($name:ident, $lines:literal) => {
        core::arch::global_asm!(
            ".text",
            ".balign 64",
            concat!(stringify!($name), ":"),
            ".set pad_line, 0",
            ".rept {lines}",
            ".balign 64",
            ".if ((pad_line * 37 + 1) % {lines}) == 0",
            concat!("jmp ", stringify!($name), "_end"),
            ".else",
            concat!("jmp ", stringify!($name), " + 64 * ((pad_line * 37 + 1) % {lines})"),
            ".endif",
            ".set pad_line, pad_line + 1",
            ".endr",
            ".balign 64",
            concat!(stringify!($name), "_end:"),
            "ret",
            lines = const $lines,
        );
    };
}
jump_chain!(umbra_pad_jumps_256, 256);
jump_chain!(umbra_pad_jumps_512, 512);

unsafe extern "C" {
    fn umbra_pad_jumps_256();
    fn umbra_pad_jumps_512();
}

/// [`jump_chain`]'s 256 or 512 lines.
pub fn jumps<const LINES: usize>() {
    const { assert!(LINES == 256 || LINES == 512, "a chain of 256 or 512 lines") };
    // SAFETY: jumps and a return: no register but the flags, and no memory, is touched.
    unsafe {
        match LINES {
            256 => umbra_pad_jumps_256(),
            _ => umbra_pad_jumps_512(),
        }
    }
}
