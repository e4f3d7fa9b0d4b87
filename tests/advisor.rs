//! The advisor (the window's and the terminal game's "still winnable?" check) as a person
//! playing meets it: a lost position comes with its reason; with View > Show winning jumps
//! on, every legal jump is judged after the verdict, and playing any jump marked winning is
//! answered at once, from the line that showed it wins.

use pegsol::layout::load::resolve_puzzle;
use pegsol::rules::{Cell, Goal, Position};
use pegsol::solver::services::advisor::{Advisor, Verdict, ADVISOR_BUDGET};
use pegsol::solver::services::hint::{Answer, Reason};
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
    let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
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
    let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
    let start = resolve_puzzle("english").expect("english").start;
    let corner = Goal::At(Cell { x: 2, y: 0 });
    advisor.ask(&start, corner);
    poll_until(&mut advisor, "the verdict", |a| !a.busy());
    assert!(matches!(
        advisor.answer(&start, corner),
        Some(Answer::Lost(Reason::Class { .. }))
    ));
}

#[test]
fn every_jump_shown_winning_is_answered_at_once_when_played() {
    let start = resolve_puzzle("english").expect("english").start;
    let goal = Goal::At(start.shape().center().expect("centre"));
    // Two jumps in: several of the position's jumps win, and only one is the verdict's line.
    let mut p: Position = start.clone();
    for j in ["3,1-3,3", "5,2-3,2"] {
        p = p.try_play(j.parse().expect("jump")).expect("legal");
    }
    let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
    advisor.set_colour_jumps(true);
    advisor.ask(&p, goal);
    poll_until(&mut advisor, "the jump verdicts", |a| {
        a.jumps(&p, goal).is_some()
    });
    let winning: Vec<_> = advisor
        .jumps(&p, goal)
        .expect("judged")
        .iter()
        .filter(|(_, v)| *v == Some(true))
        .map(|(j, _)| *j)
        .collect();
    assert!(winning.len() >= 2, "{winning:?}");
    for jump in winning {
        // Back to the judged position (answered already, so no new search), then the jump.
        advisor.ask(&p, goal);
        poll_until(&mut advisor, "the jump verdicts again", |a| {
            a.jumps(&p, goal).is_some()
        });
        let child = p.try_play(jump).expect("legal");
        // Answered within `ask` itself: a search's answer would wait for a later poll.
        advisor.ask(&child, goal);
        let Some(Answer::Winnable(line)) = advisor.answer(&child, goal).cloned() else {
            panic!("{jump}: not answered winnable at once");
        };
        assert!(matches!(
            advisor.verdict(&child, goal),
            Some(Verdict::Winnable(Some(_)))
        ));
        let mut q = child.clone();
        for j in line {
            q = q.try_play(j).expect("the line replays");
        }
        assert!(q.is_won(goal), "{jump}: the line reaches the centre");
    }
}
