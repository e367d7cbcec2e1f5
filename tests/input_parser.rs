//! The terminal's input parser: every key the game knows arrives however its bytes are split, and
//! no byte stream (a pasted `ESC [ 200 ~`, half a mouse report, noise) holds input up for longer
//! than the sequence timeout or swallows the `q` typed after it.

use std::time::{Duration, Instant};

use chargrid::core::ICoord;
use chargrid::input::{KeyboardInput, MouseButton, MouseInput};
use proptest::prelude::*;
use umbra::frontend::input_parser::{InputParser, SEQUENCE_TIMEOUT, TermInput};
use umbra::frontend::signals;

/// Every sequence the parser knows, with what it means.
fn known() -> Vec<(&'static [u8], TermInput)> {
    let key = TermInput::Key;
    vec![
        (b"q", key(KeyboardInput::Char('q'))),
        ("é".as_bytes(), key(KeyboardInput::Char('é'))),
        (b"\r", key(KeyboardInput::Char('\r'))),
        (b"\t", key(KeyboardInput::Char('\t'))),
        (b"\x7f", key(KeyboardInput::Char('\u{7f}'))),
        (b"\x03", TermInput::Signal(signals::INTERRUPT)),
        (b"\x1c", TermInput::Signal(signals::QUIT)),
        (b"\x1a", TermInput::Suspend),
        (b"\x1b[A", key(KeyboardInput::Up)),
        (b"\x1b[B", key(KeyboardInput::Down)),
        (b"\x1b[C", key(KeyboardInput::Right)),
        (b"\x1b[D", key(KeyboardInput::Left)),
        (b"\x1bOA", key(KeyboardInput::Up)),
        (b"\x1b[1;2A", key(KeyboardInput::Char('K'))),
        (b"\x1b[1;2D", key(KeyboardInput::Char('H'))),
        (b"\x1b[H", key(KeyboardInput::Home)),
        (b"\x1b[4~", key(KeyboardInput::End)),
        (b"\x1b[5~", key(KeyboardInput::PageUp)),
        (b"\x1b[6~", key(KeyboardInput::PageDown)),
        (b"\x1b[3~", key(KeyboardInput::Delete)),
        (b"\x1bOP", key(KeyboardInput::Function(1))),
        (b"\x1b[15~", key(KeyboardInput::Function(5))),
        (b"\x1b[24~", key(KeyboardInput::Function(12))),
        (
            b"\x1b[<0;5;3M",
            TermInput::Mouse(MouseInput::MousePress {
                button: MouseButton::Left,
                coord: ICoord::new(4, 2),
            }),
        ),
        (
            b"\x1b[<35;10;20M",
            TermInput::Mouse(MouseInput::MouseMove {
                button: None,
                coord: ICoord::new(9, 19),
            }),
        ),
    ]
}

/// Feeds `chunks` one after another at `start`, then waits out the timeout and types `q`.
fn then_q(chunks: &[&[u8]]) -> (Vec<TermInput>, InputParser) {
    let start = Instant::now();
    let mut parser = InputParser::default();
    let mut out = Vec::new();
    for chunk in chunks {
        parser.feed(chunk, start, &mut out);
        if let Some(deadline) = parser.deadline() {
            assert!(deadline <= start + SEQUENCE_TIMEOUT, "never waits longer");
        }
    }
    let later = start + SEQUENCE_TIMEOUT;
    parser.tick(later, &mut out);
    assert_eq!(
        parser.deadline(),
        None,
        "nothing is left waiting after the timeout"
    );
    parser.feed(b"q", later + Duration::from_millis(1), &mut out);
    (out, parser)
}

fn ends_in_q(out: &[TermInput]) -> bool {
    out.last() == Some(&TermInput::Key(KeyboardInput::Char('q')))
}

#[test]
fn every_known_sequence_means_its_key_however_its_bytes_are_split() {
    for (bytes, meaning) in known() {
        let (whole, _) = then_q(&[bytes]);
        assert_eq!(whole[..whole.len() - 1], [meaning], "{bytes:?} whole");
        let split: Vec<&[u8]> = bytes.chunks(1).collect();
        let (byte_by_byte, _) = then_q(&split);
        assert_eq!(byte_by_byte, whole, "{bytes:?} a byte at a time");
    }
}

#[test]
fn every_prefix_of_every_sequence_gives_way_to_the_next_key() {
    for (bytes, _) in known() {
        for cut in 1..bytes.len() {
            let (out, _) = then_q(&[&bytes[..cut]]);
            assert!(ends_in_q(&out), "{:?} then q: {out:?}", &bytes[..cut]);
        }
    }
    let lone_escape = then_q(&[b"\x1b"]).0;
    assert_eq!(
        lone_escape[0],
        TermInput::Key(KeyboardInput::Char('\u{1b}'))
    );
}

#[test]
fn a_pasted_bracketed_paste_opener_or_half_a_mouse_report_leaves_q_working() {
    for pasted in [
        &b"\x1b[200~"[..],
        b"\x1b[<",
        b"\x1b[<0;12",
        b"\x1b[200~hello\x1b[201~",
    ] {
        let (out, _) = then_q(&[pasted]);
        assert!(ends_in_q(&out), "{pasted:?}: {out:?}");
    }
    let start = Instant::now();
    let mut parser = InputParser::default();
    let mut out = Vec::new();
    parser.feed(b"\x1b[200~q", start, &mut out);
    assert_eq!(
        out,
        [TermInput::Key(KeyboardInput::Char('q'))],
        "q right after it"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn no_byte_stream_stalls_input_or_swallows_the_q_after_it(
        bytes in proptest::collection::vec(any::<u8>(), 0..48),
        cuts in proptest::collection::vec(0usize..48, 0..6),
    ) {
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c < bytes.len()).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut chunks = Vec::new();
        let mut from = 0;
        for cut in cuts.into_iter().chain([bytes.len()]) {
            chunks.push(&bytes[from..cut]);
            from = cut;
        }
        let (out, _) = then_q(&chunks);
        prop_assert!(ends_in_q(&out), "{:?} then q: {:?}", bytes, out);
    }
}
