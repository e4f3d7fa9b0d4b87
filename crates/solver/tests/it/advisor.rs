//! The advisor (the window's and the terminal game's "still winnable?" check) as a person
//! playing meets it: a lost position comes with its reason; with View > Show winning jumps
//! on, every legal jump is judged after the verdict; it says what `pegsol hint` says; a
//! position the quick answer leaves open is thought on, with a count of positions, until the
//! person stops it; and a decided position is remembered for the session.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Cell, CellSet, Goal, Position};
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::advisor::{Advisor, Verdict, DEFAULT_EFFORT};
use pegsol_solver::services::hint::{Answer, Judge, Reason, HINT_BUDGET};
use pegsol_solver::uncontrolled;
use std::time::{Duration, Instant};

/// Polls until `done` holds, for at most a minute.
fn poll_until(advisor: &mut Advisor, what: &str, done: impl Fn(&Advisor) -> bool) {
    let until = Instant::now() + Duration::from_secs(60);
    while !done(advisor) {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        advisor.poll();
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn with_jumps_coloured_every_legal_jump_is_judged_after_the_verdict() {
    let mut advisor = Advisor::new(DEFAULT_EFFORT, || {});
    advisor.set_colour_jumps(true);
    let start = resolve_puzzle("english").expect("english").start;
    let centre = Goal::At(start.shape().center().expect("centre"));
    advisor.ask(&start, centre);
    poll_until(&mut advisor, "the jump verdicts", |a| {
        a.jumps(&start, centre).is_some()
    });
    let jumps = advisor.jumps(&start, centre).expect("judged");
    assert_eq!(jumps.len(), 4);
    assert!(jumps.iter().all(|(_, v)| *v == Some(true)));
}

#[test]
fn a_lost_position_comes_with_its_reason() {
    let mut advisor = Advisor::new(DEFAULT_EFFORT, || {});
    let start = resolve_puzzle("english").expect("english").start;
    let corner = Goal::At(Cell { x: 2, y: 0 });
    advisor.ask(&start, corner);
    poll_until(&mut advisor, "the verdict", |a| !a.busy());
    assert!(matches!(
        advisor.answer(&start, corner),
        Some(Answer::Lost(Reason::Class { .. }))
    ));
}

/// Level 6 (Wiegleb's board) with holes at `holes` ("x,y x,y ...") and pegs elsewhere.
fn level_6_with_holes(holes: &str) -> Position {
    let start = resolve_puzzle("6").expect("level 6").start;
    let holes: CellSet = holes
        .split_whitespace()
        .map(|c| c.parse().expect("x,y"))
        .collect();
    Position::new(start.shape().clone(), start.shape().cells() - holes).expect("board")
}

#[test]
fn the_advisor_says_what_pegsol_hint_says() {
    // A winnable middle game, a lost one and the start with too small an effort to decide
    // (a guess): the same answer, line and guess as the command line's judge.
    let cases = [
        (
            level_6_with_holes("2,3 2,4 5,3 0,5 1,5 3,5 5,5 4,6 5,6"),
            DEFAULT_EFFORT,
        ),
        (
            level_6_with_holes("1,3 2,3 2,4 3,2 3,3 5,4 6,4 3,5 5,5 5,6"),
            DEFAULT_EFFORT,
        ),
        (resolve_puzzle("6").expect("level 6").start, 20_000),
    ];
    for (p, effort) in cases {
        let mut advisor = Advisor::new(effort, || {});
        advisor.ask(&p, Goal::Anywhere);
        poll_until(&mut advisor, "the verdict", |a| !a.busy());
        let said = advisor.answer(&p, Goal::Anywhere).cloned();
        let hint = uncontrolled(|c| {
            Judge::for_effort(effort).hint_with_effort(&p, Goal::Anywhere, effort, c)
        });
        assert_eq!(said.as_ref(), Some(&hint.answer), "{effort}");
    }
}

#[test]
fn an_open_position_is_thought_on_with_a_count_until_stopped() {
    // Level 6, game 7 of the hint bench: no effort tried so far decides it. After the quick
    // answer the advisor thinks on, counting positions; stopping keeps the quick answer's
    // guess, and says it was stopped.
    let p = level_6_with_holes("3,2 4,3 5,3 0,4 1,4 4,4 5,5 6,5 4,6");
    let mut advisor = Advisor::new(DEFAULT_EFFORT, || {});
    advisor.ask(&p, Goal::Anywhere);
    poll_until(
        &mut advisor,
        "thinking on",
        |a| matches!(a.advice(&p, Goal::Anywhere), Some(Advice::Thinking { examined, .. }) if examined > HINT_BUDGET),
    );
    assert!(advisor.thinking(&p, Goal::Anywhere));
    let quick = uncontrolled(|c| Judge::new(HINT_BUDGET).judge(&p, Goal::Anywhere, c));
    advisor.stop_thinking();
    poll_until(&mut advisor, "the stop", |a| !a.busy());
    match advisor.advice(&p, Goal::Anywhere) {
        Some(Advice::Unknown {
            stopped: true,
            guess,
            examined,
            ..
        }) => {
            assert_eq!(guess, quick.guess(p.peg_count()));
            assert!(examined >= 1);
        }
        other => panic!("expected stopped and unknown, got {other:?}"),
    }
    assert!(!advisor.thinking(&p, Goal::Anywhere));
}

#[test]
fn a_decided_position_is_remembered_for_the_session() {
    let p = level_6_with_holes("2,3 2,4 5,3 0,5 1,5 3,5 5,5 4,6 5,6");
    let other = resolve_puzzle("6").expect("level 6").start;
    let mut advisor = Advisor::new(DEFAULT_EFFORT, || {});
    advisor.ask(&p, Goal::Anywhere);
    poll_until(&mut advisor, "the verdict", |a| !a.busy());
    let first = advisor.answer(&p, Goal::Anywhere).cloned();
    assert!(matches!(first, Some(Answer::Winnable(_))));
    advisor.ask(&other, Goal::Anywhere);
    // Back to the decided position: answered within `ask`, the same answer.
    advisor.ask(&p, Goal::Anywhere);
    assert_eq!(advisor.answer(&p, Goal::Anywhere).cloned(), first);
    assert!(matches!(
        advisor.verdict(&p, Goal::Anywhere),
        Some(Verdict::Winnable(Some(_)))
    ));
}
