//! Properties of the stored files, over generated sessions: what the store
//! writes, it reads back the same.

use super::Project;
use app::arbitrary::{input_with_answers, input_with_draft};
use chrono::{Local, TimeZone};
use proptest::prelude::*;

proptest! {
    // Every case writes and fsyncs a few files.
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn sessions_round_trip_through_the_files(
        (value, answers) in input_with_answers(),
        (draft_value, draft_body) in input_with_draft(),
        second in 0u32..60,
    ) {
        let dir = tempfile::tempdir().expect("a temp dir");
        Project::init(dir.path()).expect("init");
        let store = Project::find(dir.path())
            .and_then(|project| project.decisions())
            .expect("the store");
        let lock = store.lock().expect("the lock");
        let now = Local
            .with_ymd_and_hms(2025, 1, 15, 10, 30, second)
            .single()
            .expect("a local time");

        // A draft, for a session of its own.
        let draft_input = app::validate_input(&draft_value).expect("valid");
        let (pending, _) = store.pending().save(&lock, draft_input, now).expect("saved");
        prop_assert_eq!(&store.pending().load().expect("read"), &pending);
        let answers_so_far = app::validate_draft(&pending.input, &draft_body).expect("valid");
        let draft = store
            .records().save_draft(&lock, &pending, answers_so_far, &[], now)
            .expect("saved");
        prop_assert_eq!(store.records().load_draft(&pending).expect("read"), Some(draft));

        // A session answered: its record, and the answers `result` prints.
        let input = app::validate_input(&value).expect("valid");
        let (pending, _) = store.pending().save(&lock, input, now).expect("saved");
        prop_assert_eq!(&store.pending().load().expect("read"), &pending);
        let output = app::validate_output(&pending.input, &answers).expect("valid");
        let record = store
            .records().save(&lock, &pending, (output.clone(), app::Via::Page), now)
            .expect("saved");
        let session = &pending.meta.session_id;
        prop_assert_eq!(store.records().load(session).expect("read"), Some(record));
        prop_assert_eq!(store.records().result().expect("the answers"), output);
    }
}
