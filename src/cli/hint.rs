//! `pegsol hint LAYOUT [--finish any|center|X,Y] [--budget N] [--json]`: can the position
//! still be won, why not, and which jumps keep the goal reachable.
//!
//! Owns the command's arguments and its two outputs: one JSON object
//! (`{"verdict":..., "reason":..., "jumps":[{"jump":"x,y-x,y","verdict":...}],
//! "examined":..., "seconds":...}`) and a text for people. The deciding is
//! [`pegsol_solver::services::hint`]'s, thought on by the same rounds as in the window
//! ([`Judge::hint_with_effort`]) up to `--budget` positions, so both say the same; on a
//! board with a winnable set (the English board's classic game) the set is built first, as
//! the window does.

use super::output::{print, println};
use super::running::run_job;
use super::{finish_goal, resolve_layout, CliError};
use pegsol_layout::{render_rows, Puzzle};
use pegsol_rules::{pegs_in_words, CellSet, Goal, Position};
use pegsol_solver::budget::parse_budget;
use pegsol_solver::engines::whole::decide::Pruning;
use pegsol_solver::engines::whole::{self, WholeError};
use pegsol_solver::engines::winnable::{WinnableSet, MAX_ENTRIES, PRACTICAL_HOLES};
use pegsol_solver::services::hint::{
    goal_in_words, positions_in_words, Answer, Hint, Judge, Reason, DEFAULT_EFFORT,
};
use pegsol_solver::system_memory::size_text;
use pegsol_solver::Control;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;

/// The arguments of `pegsol hint`.
#[derive(Clone, Debug, clap::Args)]
pub struct HintArgs {
    /// The position: a level, catalogue name or layout file (its pegs are the position).
    pub layout: std::ffi::OsString,
    /// Where the last peg must be: any, center, or X,Y (default: the layout's own).
    #[arg(long)]
    pub finish: Option<String>,
    /// Positions the judge may examine, forward and backward, thinking on in rounds as the
    /// window does (default 150M, the window's default hint effort).
    #[arg(long, value_parser = parse_budget)]
    pub budget: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Decide it exhaustively with the level engine: every position reachable from it that
    /// pagoda functions and the position class leave able to win, nothing forgotten, so the
    /// answer is a proof either way (no budget: it takes the memory and scratch disk it
    /// needs, or refuses up front).
    #[arg(long, conflicts_with = "budget")]
    pub deep: bool,
    /// With --deep: prune nothing, examining every reachable position, to say also the
    /// fewest pegs a lost position can be left with (far slower on the big boards).
    #[arg(long, requires = "deep")]
    pub fewest_pegs: bool,
    #[command(flatten)]
    pub machine: super::count::MachineArgs,
}

/// Runs `pegsol hint`.
pub fn run(args: HintArgs) -> Result<(), CliError> {
    let (puzzle, name) = resolve_layout(&args.layout, args.json)?;
    let goal = finish_goal(args.finish.as_deref(), &puzzle)?;
    if args.deep {
        return run_deep(&args, &puzzle, &name, goal);
    }
    let budget = args.budget.unwrap_or(DEFAULT_EFFORT);
    let start = puzzle.start.clone();
    let ran = run_job("pegsol-hint", &format!("judging {name}"), move |job| {
        job.control(|c| decide(&start, goal, budget, c))
    })?;
    // Stopped by Ctrl+C, the last round finished is still said, as stopped.
    let interrupted = ran.interrupted();
    let (mut hint, built) = ran.value();
    if hint.stopped && hint.jumps.is_empty() {
        // Stopped before its first round, the judge looked at no jump: each legal one is
        // unknown, not absent (an empty list says the position has no jump).
        hint.jumps = puzzle
            .start
            .legal_jumps()
            .into_iter()
            .map(|j| (j, None))
            .collect();
    }
    if args.json {
        println(json_of(&name, goal, puzzle.start.pegs().len(), &hint))?;
    } else {
        print(&text_of(&puzzle, goal, budget, &hint, built))?;
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// `pegsol hint --deep`: the level engine decides the position (see
/// [`whole::decide`]), with its progress on the terminal; the same outputs as the judge's,
/// every jump decided, and the fewest pegs any line leaves where that was worked out (a won
/// position, or `--fewest-pegs`).
fn run_deep(args: &HintArgs, puzzle: &Puzzle, name: &str, goal: Goal) -> Result<(), CliError> {
    let start = puzzle.start.clone();
    let settings = args.machine.settings();
    let pruning = if args.fewest_pegs {
        Pruning::Off
    } else {
        Pruning::Pagoda
    };
    let ran = run_job("pegsol-hint", &format!("deciding {name}"), move |job| {
        job.control(|c| {
            whole::decide::decide_with(
                &start,
                goal,
                pruning,
                &settings,
                c.cancel_flag(),
                &mut |s| {
                    job.stage(s.line());
                },
            )
        })
    })?;
    if ran.interrupted() {
        return Err(CliError::Interrupted);
    }
    let decided = match ran.value() {
        Ok(d) => d,
        Err(WholeError::Cancelled) => return Err(CliError::Interrupted),
        Err(e) => return Err(CliError::Failed(format!("{}: {e}", puzzle.name))),
    };
    let hint = Hint {
        answer: match &decided.line {
            Some(line) => Answer::Winnable(line.clone()),
            None => Answer::Lost(Reason::Search {
                positions: decided.positions,
            }),
        },
        jumps: decided.jumps.iter().map(|&(j, w)| (j, Some(w))).collect(),
        examined: decided.positions,
        stopped: false,
        seconds: decided.elapsed.as_secs_f64(),
    };
    if args.json {
        let mut v = json_of(name, goal, puzzle.start.pegs().len(), &hint);
        // `null` where it was not worked out (a lost position, pruned).
        v["fewest_pegs"] = json!(decided.fewest_pegs);
        v["pruned"] = json!(decided.pruned);
        v["scratch_disk_peak"] = json!(decided.usage.disk_peak);
        println(v)
    } else {
        let mut text = text_of(puzzle, goal, 0, &hint, None);
        let examined = if decided.pruned {
            "every position reachable from here that may still win examined"
        } else {
            "every position reachable from here examined"
        };
        let disk = match decided.usage.disk_peak {
            0 => String::new(),
            disk => format!("; {} of scratch disk at most", size_text(disk)),
        };
        text.push_str(&match decided.fewest_pegs {
            Some(pegs) => format!("Fewest pegs any line leaves: {pegs} ({examined}{disk})\n"),
            None => format!(
                "Fewest pegs any line leaves: not worked out ({examined}{disk}; \
                 --fewest-pegs examines every one, far slower)\n"
            ),
        });
        print(&text)
    }
}

/// The hint for `position`, thought on up to `effort` positions; on a board whose winnable
/// set applies, the set is built first (as the window's advisor does), and the seconds that
/// took are given with the hint: they are most of its time, and are no search.
fn decide(
    position: &Position,
    goal: Goal,
    effort: u64,
    control: &mut Control,
) -> (Hint, Option<f64>) {
    let started = Instant::now();
    let mut judge = Judge::for_effort(effort);
    let shape = position.shape();
    let mut built = None;
    if let Goal::At(cell) = goal {
        let start = shape.cells() - CellSet::single(cell);
        if shape.cells().len() <= PRACTICAL_HOLES && WinnableSet::applies(shape, start, goal) {
            if let Ok(set) = WinnableSet::build(shape, cell, MAX_ENTRIES, control) {
                judge.set_winnable(Arc::new(set));
                built = Some(started.elapsed().as_secs_f64());
            }
        }
    }
    let mut hint = judge.hint_with_effort(position, goal, effort, control);
    hint.seconds = started.elapsed().as_secs_f64();
    (hint, built)
}

/// The reason as JSON: the winning line, why the position is lost (with its text for
/// `goal`), or for an unknown one the line that came closest and the pegs it leaves (`null`
/// when there is none); `pegs` is the position's.
pub fn reason_json(answer: &Answer, goal: Goal, pegs: u32) -> Value {
    match answer {
        Answer::Winnable(line) => json!({
            "kind": "line",
            "line": line.iter().map(|j| j.to_string()).collect::<Vec<_>>(),
        }),
        Answer::Unknown(_) => answer.closest(pegs).map_or(Value::Null, |(line, left)| {
            json!({
                "kind": "closest",
                "line": line.iter().map(|j| j.to_string()).collect::<Vec<_>>(),
                "pegs_left": left,
            })
        }),
        Answer::Lost(reason) => {
            let mut v = match reason {
                Reason::Stuck => json!({ "kind": "stuck" }),
                Reason::Class { finishes } => json!({
                    "kind": "class",
                    "finishes": finishes.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                }),
                Reason::Pagoda {
                    pagoda,
                    value,
                    least,
                } => json!({
                    "kind": "pagoda",
                    "weights": pagoda
                        .weights()
                        .map(|(c, w)| json!({ "cell": c.to_string(), "weight": w }))
                        .collect::<Vec<_>>(),
                    "value": value,
                    "least": least,
                }),
                Reason::PagodaPerFinish { proofs } => json!({
                    "kind": "pagodas",
                    "proofs": proofs
                        .iter()
                        .map(|(finish, pagoda)| json!({
                            "finish": finish.to_string(),
                            "weights": pagoda
                                .weights()
                                .map(|(c, w)| json!({ "cell": c.to_string(), "weight": w }))
                                .collect::<Vec<_>>(),
                        }))
                        .collect::<Vec<_>>(),
                }),
                Reason::Search { positions } => json!({
                    "kind": "search",
                    "positions": positions,
                }),
            };
            v["text"] = json!(reason.describe(goal));
            v
        }
    }
}

fn verdict_word(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "winnable",
        Some(false) => "lost",
        None => "unknown",
    }
}

/// `hint --json`, for a position of `pegs` pegs.
fn json_of(source: &str, goal: Goal, pegs: u32, hint: &Hint) -> Value {
    json!({
        "layout": source,
        "finish": match goal {
            Goal::Anywhere => "any".to_string(),
            Goal::At(c) => c.to_string(),
        },
        "verdict": hint.answer.word(),
        "reason": reason_json(&hint.answer, goal, pegs),
        "jumps": hint
            .jumps
            .iter()
            .map(|(j, v)| json!({ "jump": j.to_string(), "verdict": verdict_word(*v) }))
            .collect::<Vec<_>>(),
        "examined": hint.examined,
        "stopped": hint.stopped,
        "seconds": hint.seconds,
    })
}

/// `hint` for people, thought on up to `effort` positions; `built`: the seconds spent
/// building the winnable set first, if one was.
fn text_of(puzzle: &Puzzle, goal: Goal, effort: u64, hint: &Hint, built: Option<f64>) -> String {
    let target = goal_in_words(goal);
    let mut out = String::new();
    for row in render_rows(puzzle.shape().cells(), puzzle.start.pegs(), puzzle.frame) {
        out.push_str(&format!("  {}\n", row.trim_end()));
    }
    match &hint.answer {
        Answer::Winnable(line) if line.is_empty() => {
            out.push_str(&format!("Won: {target} is reached.\n"));
        }
        Answer::Winnable(line) => {
            let jumps: Vec<String> = line.iter().map(|j| j.to_string()).collect();
            out.push_str(&format!(
                "Winnable: {target} can still be reached, for example by {}\n",
                jumps.join(" ")
            ));
        }
        Answer::Lost(reason) => {
            out.push_str(&format!(
                "Lost: {target} cannot be reached: {}.\n",
                reason.describe(goal)
            ));
            if let Reason::Pagoda { pagoda, .. } = reason {
                out.push_str("Pagoda weights:\n");
                for line in pagoda.to_string().lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
        }
        Answer::Unknown(_) if hint.stopped => {
            out.push_str(&format!(
                "Unknown: stopped (Ctrl+C) before the solver decided whether {target} can be \
                 reached.\n"
            ));
        }
        Answer::Unknown(_) => {
            out.push_str(&format!(
                "Unknown: the solver could not decide whether {target} can be reached within \
                 {} (try a larger --budget).\n",
                positions_in_words(effort)
            ));
            if let Some((line, left)) = hint.answer.closest(puzzle.start.pegs().len()) {
                let jumps: Vec<String> = line.iter().map(|j| j.to_string()).collect();
                out.push_str(&format!(
                    "The closest line found leaves {}: {}\n",
                    pegs_in_words(left),
                    jumps.join(" ")
                ));
            }
        }
    }
    if !hint.jumps.is_empty() {
        out.push_str("Jumps:\n");
        for (j, v) in &hint.jumps {
            let what = match v {
                Some(true) => "keeps the goal reachable",
                Some(false) => "loses",
                None => "unknown",
            };
            out.push_str(&format!("  {:<12} {what}\n", j.to_string()));
        }
    }
    let took = if hint.answer.known().is_some() {
        "Decided after"
    } else {
        "Undecided after"
    };
    let work = match hint.examined {
        0 => "no search".to_string(),
        n => positions_in_words(n),
    };
    if hint.stopped {
        out.push_str(&format!(
            "Stopped after {:.3} s ({} in the rounds finished)\n",
            hint.seconds,
            match hint.examined {
                0 => "no positions".to_string(),
                n => positions_in_words(n),
            }
        ));
    } else {
        // The seconds that built the winnable set are said as such, not as a search's.
        let timing = match built {
            Some(b) => format!(
                "{:.3} s, {b:.3} s of it building the winnable set",
                hint.seconds
            ),
            None => format!("{:.3} s", hint.seconds),
        };
        match (hint.answer.known(), hint.examined, built) {
            (Some(_), 0, Some(_)) => out.push_str(&format!(
                "Decided by the winnable set, with no search ({timing})\n"
            )),
            _ => out.push_str(&format!("{took} {work} ({timing})\n")),
        }
    }
    out
}
