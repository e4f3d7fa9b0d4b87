//! UI tests of the window's polish (issue 32), driven through egui_kittest as a person would:
//! keys go where the person is typing, notices say information in the neutral colour and
//! keep what needs reading, and nothing clickable moves because of a mode switch or a result.

use crate::common;

use common::{board_sized, click, press, settle};
use eframe::egui;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use pegsol_app::{PegsolApp, ShellCommand};

/// The catalogue board `key`, in a window wide enough for the solver panel.
fn board(key: &str) -> Harness<'static, PegsolApp> {
    board_sized(key, egui::vec2(1280.0, 800.0))
}

fn apply(h: &mut Harness<'_, PegsolApp>, command: ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

/// Moves the harness's clock on by `seconds`, as a person waiting would.
fn wait(h: &mut Harness<'_, PegsolApp>, seconds: f64) {
    let now = h.ctx.input(|i| i.time);
    h.input_mut().time = Some(now + seconds);
    h.run_steps(2);
}

#[test]
fn enter_in_the_budget_field_leaves_the_board_unchanged() {
    let mut h = board("english");
    // The keyboard cursor is on the board, on a peg.
    press(&mut h, Key::ArrowDown);
    let cursor = h.state().play().board().cursor().expect("a cursor");
    assert!(h
        .state()
        .play()
        .game()
        .record
        .position()
        .pegs()
        .contains(cursor));
    // The classic search, whose budget field is always open.
    click(&mut h, "Classic");
    // Into the budget field: type a budget and press Enter, as a person would.
    h.get_by_label("Budget (expanded nodes)").click();
    h.run_steps(2);
    // (kittest's click does not move the keyboard focus as a person's does.)
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Budget (expanded nodes)")
        .focus();
    h.run_steps(2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Budget (expanded nodes)").type_text("5000");
    h.run_steps(2);
    let field =
        h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Budget (expanded nodes)");
    assert!(field.is_focused(), "the budget field has the keyboard");
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().play().board().selected(),
        None,
        "Enter that ended the typing picked up the peg under the cursor"
    );
    assert_eq!(h.state().play().game().record.index(), 0);
    // The letters typed were the field's: no undo, restart or hint.
    let typed = h
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Budget (expanded nodes)")
        .value();
    assert_eq!(typed.as_deref(), Some("5,000"), "the field took the typing");
    // Back on the board, Enter selects again.
    press(&mut h, Key::Enter);
    assert_eq!(h.state().play().board().selected(), Some(cursor));
}

#[test]
fn information_is_neutral_and_fades_but_a_problem_stays_until_dismissed() {
    let mut h = board("english");
    apply(
        &mut h,
        ShellCommand::Tell("Board saved to /tmp/x.ron".into()),
    );
    assert!(
        !h.state().notice_is_problem(),
        "information in the warning colour"
    );
    wait(&mut h, 20.0);
    assert_eq!(
        h.state().notice(),
        None,
        "a short piece of information goes"
    );

    apply(&mut h, ShellCommand::Warn("Not saved: disk full".into()));
    assert!(h.state().notice_is_problem());
    wait(&mut h, 60.0);
    assert_eq!(h.state().notice(), Some("Not saved: disk full"));
    click(&mut h, "×");
    assert_eq!(h.state().notice(), None, "dismissed with its ×");
}

#[test]
fn a_guess_explanation_stays_until_dismissed() {
    let mut h = board("english");
    let guess = "Only a guess: the solver could not decide this position within its budget. \
                 Jump d2 to d4: the closest line it found then leaves 3 pegs. Solve from here \
                 to search longer.";
    apply(&mut h, ShellCommand::Tell(guess.into()));
    assert!(!h.state().notice_is_problem());
    wait(&mut h, 60.0);
    assert_eq!(
        h.state().notice(),
        Some(guess),
        "a two-line explanation vanished before it could be read"
    );
    // A jump played takes it away: the person has moved on.
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert_eq!(h.state().notice(), None);
}

#[test]
fn a_refused_move_is_a_problem_and_a_hint_is_information() {
    let mut h = board("english");
    click(&mut h, "peg at d1");
    click(&mut h, "empty hole at d4");
    assert!(h.state().notice().is_some());
    assert!(h.state().notice_is_problem(), "a refusal is a problem");
    press(&mut h, Key::Escape);
    press(&mut h, Key::H);
    assert!(common::frames_until(&mut h, 600, |app| app
        .notice()
        .is_some_and(|n| n.starts_with("Hint:"))));
    assert!(
        !h.state().notice_is_problem(),
        "a hint in the warning colour"
    );
}

#[test]
fn switching_exact_to_classic_leaves_the_budget_field_and_solve_buttons_in_place() {
    let mut h = board("english");
    let places = |h: &Harness<'_, PegsolApp>| {
        [
            "Budget (expanded nodes)",
            "100k",
            "Solve from start",
            "One peg, anywhere",
        ]
        .map(|label| h.get_by_label(label).rect())
    };
    let exact = places(&h);
    click(&mut h, "Classic");
    assert_eq!(places(&h), exact, "moved by the switch to Classic");
    click(&mut h, "Exact");
    assert_eq!(places(&h), exact, "moved by the switch back to Exact");
}

/// The board `name` in the boards list (the leftmost node of that name: the heading over the
/// board has it too).
fn list_entry<'h>(h: &'h Harness<'_, PegsolApp>, name: &'h str) -> egui_kittest::Node<'h> {
    h.get_all_by_label(name)
        .min_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .expect("the board in the list")
}

/// Where every board's name is in the boards list.
fn board_names(h: &Harness<'_, PegsolApp>) -> Vec<egui::Rect> {
    ["Level 0", "Level 8", "English", "French", "Wiegleb"]
        .map(|name| list_entry(h, name).rect())
        .to_vec()
}

/// Clicks the board `name` in the boards list.
fn open_from_list(h: &mut Harness<'_, PegsolApp>, name: &str) {
    list_entry(h, name).click();
    settle(h);
}

#[test]
fn clicking_a_board_in_the_list_leaves_the_list_where_it_was() {
    let mut h = board("english");
    // A game in progress on English: its line in the list stays when another board opens.
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    let before = board_names(&h);
    open_from_list(&mut h, "French");
    assert_eq!(h.state().play().game().puzzle.name, "French");
    assert_eq!(board_names(&h), before, "the list moved under the pointer");
    open_from_list(&mut h, "Level 8");
    assert_eq!(board_names(&h), before, "the list moved under the pointer");
    open_from_list(&mut h, "English");
    assert_eq!(h.state().play().game().record.index(), 1, "the game kept");
    assert_eq!(board_names(&h), before, "the list moved under the pointer");
}

#[test]
fn a_won_game_leaves_the_board_where_it_was() {
    let mut h = board("0");
    let holes = |h: &Harness<'_, PegsolApp>| {
        h.query_all_by_label_contains("hole at ")
            .chain(h.query_all_by_label_contains("peg at "))
            .map(|n| n.rect())
            .collect::<Vec<_>>()
    };
    let before = holes(&h);
    assert!(!before.is_empty());
    win_level_0(&mut h);
    assert!(h.query_by_label_contains("Solved!").is_some());
    let mut after = holes(&h);
    let mut before = before;
    let key = |r: &egui::Rect| (r.left() as i32, r.top() as i32);
    after.sort_by_key(key);
    before.sort_by_key(key);
    assert_eq!(after, before, "the banner moved the board");
}

#[test]
fn a_fact_arriving_in_the_editor_leaves_its_buttons_in_place() {
    let mut h = board("english");
    click(&mut h, "Editor");
    let places = |h: &Harness<'_, PegsolApp>| {
        ["Play this board", "Solve this board", "Analyze starts"]
            .map(|label| h.get_by_label(label).rect())
    };
    let before = places(&h);
    assert!(
        h.state().editor().fewest_moves().busy(),
        "the fact arrived before the first look: the test shows nothing"
    );
    assert!(common::frames_until(&mut h, 120, |app| !app
        .editor()
        .fewest_moves()
        .busy()));
    assert_eq!(
        places(&h),
        before,
        "moved when the fewest-moves fact arrived"
    );
}

#[test]
fn every_hole_tells_a_screen_reader_its_name_and_what_it_can_do() {
    let h = board("english");
    let holes: Vec<_> = h
        .query_all_by_label_contains(" at ")
        .filter(|n| {
            let label = n.accesskit_node().label().unwrap_or_default();
            label.starts_with("peg at ") || label.starts_with("empty hole at ")
        })
        .collect();
    assert_eq!(holes.len(), 33, "one accessible node per hole");
    for hole in &holes {
        let description = hole.accesskit_node().description();
        assert!(
            description.is_some(),
            "{:?} has no description",
            hole.accesskit_node().label()
        );
    }
    let said = |label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .description()
            .unwrap_or_default()
    };
    assert_eq!(said("peg at d2"), "can jump to d4");
    assert_eq!(said("peg at c1"), "cannot jump");
    let d4 = said("empty hole at d4");
    for from in ["b4", "d2", "d6", "f4"] {
        assert!(d4.contains(from) && d4.ends_with("can jump here"), "{d4}");
    }
}

#[test]
fn the_winning_jumps_line_after_a_win_says_no_jumps_are_left() {
    use pegsol_rules::{Cell, Jump};
    let c = |x, y| Cell { x, y };
    assert_eq!(
        pegsol_app::play::hints::summary(&[]),
        "No jumps left to play"
    );
    let jump = Jump::between(c(3, 1), c(3, 3)).expect("a jump");
    assert_eq!(
        pegsol_app::play::hints::summary(&[(jump, Some(true))]),
        "Winning jumps: 1 of 1 keep the goal reachable"
    );
}

/// Level 0 (`d4 e4 . g4`) won by clicks: d4 over e4 to f4, then g4 over f4 to e4.
fn win_level_0(h: &mut Harness<'_, PegsolApp>) {
    click(h, "peg at d4");
    click(h, "empty hole at f4");
    click(h, "peg at g4");
    click(h, "empty hole at e4");
    let game = h.state().play().game();
    assert!(game.record.position().is_won(game.puzzle.goal));
}

/// The seconds the status line's clock shows (`Time m:ss`), or `None` for no time.
fn shown_time(h: &Harness<'_, PegsolApp>) -> Option<u64> {
    let node = h.get_by_label_contains("Time ");
    // A label's text is its accessible value.
    let label = node.accesskit_node().value()?;
    let (m, s) = label.strip_prefix("Time ")?.split_once(':')?;
    Some(m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?)
}

#[test]
fn the_clock_runs_from_the_first_jump_and_stops_at_the_win() {
    let mut h = board("0");
    assert_eq!(shown_time(&h), None, "no clock before a jump");
    assert!(h.query_by_label("Time –:––").is_some());
    click(&mut h, "peg at d4");
    click(&mut h, "empty hole at f4");
    let labels: Vec<_> = h
        .query_all_by_label_contains("Time")
        .map(|n| n.accesskit_node().label())
        .collect();
    let started =
        shown_time(&h).unwrap_or_else(|| panic!("the clock runs from the first jump: {labels:?}"));
    wait(&mut h, 65.0);
    let later = shown_time(&h).expect("a time");
    assert!(
        (65..=67).contains(&(later - started)),
        "{started} then {later}"
    );
    click(&mut h, "peg at g4");
    click(&mut h, "empty hole at e4");
    let at_win = shown_time(&h).expect("a time");
    wait(&mut h, 30.0);
    assert_eq!(shown_time(&h), Some(at_win), "the clock stopped at the win");
    // The figures on this board are in the status line now.
    assert!(h.query_by_label_contains("won 1").is_some());
}

#[test]
fn a_held_jump_stays_part_way_through_its_slide_until_the_position_changes() {
    // What the screenshot run's `--mid-jump` does: it turns animation off (as every
    // screenshot does), then holds the last jump part-way, which must outlast both the
    // animation switch and the clock.
    let mut h = board("english");
    apply(&mut h, ShellCommand::SetAnimate(false));
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert!(!h.state().play().board().animating(), "animation is off");
    h.state_mut().play_mut().hold_last_jump(0.5);
    wait(&mut h, 2.0);
    assert!(
        h.state().play().board().animating(),
        "the held jump is drawn"
    );
    common::press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(
        !h.state().play().board().animating(),
        "undo lets the held jump go"
    );
}
