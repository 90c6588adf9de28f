//! What `aide decide submit --help` shows an agent first.

/// The agent's whole recipe under `aide decide submit --help`: no other
/// page is needed to ask a first question.
pub(super) const SUBMIT_EXAMPLE: &str = r#"Example, as an agent whose commands are killed after a time limit:

  aide init    # once per project
  aide decide submit - --detach --json <<'JSON'
  {"task":"Add login","source":"chat","items":[{"id":1,"title":"How long does a login last?",
   "options":[{"value":"1h","label":"1 hour","pros":["safer"]},{"value":"8h","label":"8 hours"}],
   "recommend":"8h"}]}
  JSON
  # -> {"session_id":"…","url":"…","message":"…","port":…,"pid":…}: paste message to the person
  aide decide result --wait --timeout 100 --session ID
  # -> {"decisions":[{"id":1,"chosen":"8h"}]} with exit 0; exit 124: not yet, run it again

source is the document the questions come from (a file path), or "chat"."#;
