use super::*;
use std::fs;

fn ruling(id: &str) -> Ruling {
    Ruling {
        id: id.into(),
        project: "/p".into(),
        all_projects: false,
        record: "2026-01-01T00-00-00".parse().unwrap(),
        item: ItemId::new(1).unwrap(),
        title: "Which database?".into(),
        options: vec!["pg".into(), "sqlite".into()],
        answer: "pg".into(),
        label: "PostgreSQL".into(),
        path: None,
        until: None,
        granted_at: crate::store::timestamp(chrono::Local::now()),
        stale: false,
    }
}

#[test]
fn a_change_is_written_owner_only_and_read_back_with_its_stamp() {
    let dir = tempfile::tempdir().unwrap();
    let file = RulingsFile::at(dir.path().join("state/rulings.json"), RuleScope::All);
    assert_eq!(file.read().unwrap(), Rulings::default(), "no file: none");
    file.change(Some(0), |r| {
        r.rulings.push(ruling("a.1"));
        Ok(())
    })
    .unwrap();
    let read = file.read().unwrap();
    assert_eq!((read.stamp, read.rulings.len()), (1, 1));
    let text = fs::read_to_string(file.path()).unwrap();
    assert!(text.contains("\"version\""), "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(file.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "owner-only");
    }
}

#[test]
fn of_two_changes_shown_the_same_stamp_one_wins_and_the_other_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let file = RulingsFile::at(dir.path().join("rulings.json"), RuleScope::Project);
    let shown = file.read().unwrap().stamp;
    file.change(Some(shown), |r| {
        r.rulings.push(ruling("a.1"));
        Ok(())
    })
    .unwrap();
    let second = file.change(Some(shown), |r| {
        r.rulings.clear();
        Ok(())
    });
    assert!(matches!(second, Err(StoreError::RulingsChanged)));
    assert_eq!(file.read().unwrap().rulings.len(), 1, "the first kept");
}

#[test]
fn a_damaged_file_is_named_and_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rulings.json");
    fs::write(&path, "{\"version\":\"1.4\",\"rulings\":[{").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    }
    let file = RulingsFile::at(path.clone(), RuleScope::Project);
    assert!(
        matches!(file.read(), Err(StoreError::Corrupt { file, .. }) if file.ends_with("rulings.json"))
    );
    let changed = file.change(None, |r| {
        r.paused = true;
        Ok(())
    });
    assert!(changed.is_err());
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "{\"version\":\"1.4\",\"rulings\":[{",
        "nothing lost"
    );
}

#[cfg(unix)]
#[test]
fn a_file_others_may_read_is_not_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let file = RulingsFile::at(dir.path().join("rulings.json"), RuleScope::Project);
    file.change(None, |r| {
        r.rulings.push(ruling("a.1"));
        Ok(())
    })
    .unwrap();
    fs::set_permissions(file.path(), fs::Permissions::from_mode(0o644)).unwrap();
    assert!(matches!(file.read(), Err(StoreError::NotOurs(_))));
}
