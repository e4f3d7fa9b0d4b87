//! The scratch folder's and the account's guarantees.

use super::*;

#[test]
fn scratch_files_are_counted_and_removed_with_their_folder() {
    let parent = pegsol_testkit::scratch::Scratch::new("engine-scratch");
    let scratch = Scratch::new(Some(parent.to_path_buf()));
    let mut f = scratch.file("t").expect("a file");
    f.append(b"hello world").expect("written");
    let mut back = [0u8; 5];
    f.read_at(&mut back, 6).expect("read");
    assert_eq!(&back, b"world");
    assert_eq!(scratch.used(), 11);
    let dir = f.path().parent().expect("a folder").to_path_buf();
    drop(f);
    assert_eq!(scratch.used(), 0);
    assert_eq!(scratch.peak(), 11);
    assert!(dir.exists());
    drop(scratch);
    assert!(!dir.exists());
}

#[cfg(unix)]
#[test]
fn a_planted_scratch_symlink_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let root = pegsol_testkit::scratch::Scratch::new("engine-scratch-link");
    let cache = root.join("cache");
    let theirs = root.join("theirs");
    std::fs::create_dir_all(cache.join("pegsol")).unwrap();
    std::fs::create_dir_all(&theirs).unwrap();
    // Another user's link where the scratch folder goes.
    std::os::unix::fs::symlink(&theirs, cache.join("pegsol").join("scratch")).unwrap();
    let scratch = Scratch::at(Place::Cache(cache.clone()));
    let refused = scratch.file("t").err().expect("refused");
    assert!(refused.to_string().contains("symbolic link"), "{refused}");
    assert_eq!(
        std::fs::read_dir(&theirs).unwrap().count(),
        0,
        "nothing there"
    );
    // Without the link: made private, and gone with the run.
    std::fs::remove_file(cache.join("pegsol").join("scratch")).unwrap();
    let scratch = Scratch::at(Place::Cache(cache.clone()));
    let f = scratch.file("t").expect("a file");
    let run = f.path().parent().unwrap().to_path_buf();
    for dir in [&run, &cache.join("pegsol").join("scratch")] {
        let mode = std::fs::metadata(dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{}", dir.display());
    }
    drop(f);
    drop(scratch);
    assert!(
        !cache.join("pegsol").join("scratch").exists(),
        "cleaned on exit"
    );
}

#[cfg(unix)]
#[test]
fn in_the_temporary_folder_each_run_has_a_fresh_private_folder_and_stale_ones_go() {
    use std::os::unix::fs::PermissionsExt;
    let temp = pegsol_testkit::scratch::Scratch::new("engine-scratch-temp");
    // A folder of a run whose process is gone (no process has PID 0 on /proc), and a
    // link that looks like one: the folder is removed, the link's target untouched.
    let stale = temp.join(format!("{TEMP_PREFIX}999999999-1-0"));
    std::fs::create_dir(&stale).unwrap();
    let target = temp.join("target");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("keep"), b"x").unwrap();
    std::os::unix::fs::symlink(&target, temp.join(format!("{TEMP_PREFIX}999999998-1-0"))).unwrap();
    let scratch = Scratch::at(Place::Temp(temp.to_path_buf()));
    let f = scratch.file("t").expect("a file");
    let run = f.path().parent().unwrap().to_path_buf();
    assert!(run
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with(&format!("{TEMP_PREFIX}{}-", std::process::id())));
    let mode = std::fs::metadata(&run).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    assert!(!stale.exists(), "a dead run's folder is removed");
    assert!(target.join("keep").exists(), "a link is never followed");
    drop(f);
    drop(scratch);
    assert!(!run.exists(), "cleaned on exit");
}

#[test]
fn an_account_lends_no_more_than_its_room() {
    let account = Account::new(Room::fixed(10 << 20));
    let a = account.take(6 << 20).expect("fits");
    assert!(account.take(6 << 20).is_none());
    // Refused, a lease says by whom and with what figures (not "the system refused it").
    let refused = account.lease(6 << 20).err().expect("past the room");
    assert_eq!(
        refused.to_string(),
        "could not take 6 MiB of memory: the engine may hold 10 MiB in all here and \
         holds 6 MiB (give it more with --memory, or raise the process's memory limit)"
    );
    let mut b = account.empty();
    assert!(b.grow(4 << 20));
    assert!(!b.grow(1));
    b.shrink_to(1 << 20);
    assert_eq!(account.used(), 7 << 20);
    drop(a);
    drop(b);
    assert_eq!(account.used(), 0);
    assert_eq!(account.peak(), 10 << 20);
}
