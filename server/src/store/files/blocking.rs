//! The one way async code runs the store's file I/O: on tokio's blocking
//! threads, with a panic there reported as what it is.

use crate::store::StoreError;

/// Runs `work` off the async threads. A panic in it (or its thread dropped
/// as the runtime shuts down) is [`StoreError::Panicked`], which the
/// catalogue says as a fault of aide, never as a file that failed.
pub async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, E>
where
    T: Send + 'static,
    E: From<StoreError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| Err(StoreError::Panicked.into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::Lang;

    #[tokio::test]
    async fn a_panicking_job_is_a_fault_of_aide_in_both_languages() {
        let done: Result<u8, StoreError> = blocking(|| Ok(7)).await;
        assert_eq!(done.ok(), Some(7));
        let failed: Result<u8, StoreError> = blocking(|| panic!("a bug")).await;
        let Err(error) = failed else {
            panic!("a panic is an error")
        };
        assert!(matches!(error, StoreError::Panicked));
        let msg = error.message(Lang::En);
        assert_eq!(
            msg.text(Lang::En),
            "A background task of aide stopped unexpectedly (a bug in aide)"
        );
        assert_eq!(msg.text(Lang::Zh), "aide 的后台任务意外中止(程序错误)");
        assert!(msg.hint(Lang::Zh).is_some());
    }
}
