//! The bearer token every request to `aide mcp --http` carries: 128 bits
//! from the OS (the page key's generator), made on the first start in a
//! project and kept by the store for this user, so a client configured
//! once keeps working across restarts. Loopback is shared by every account
//! on the machine; the token is what only the owner can read.

use crate::error::CliError;
use crate::secret::Secret;
use crate::store::Project;
use axum::http::{HeaderMap, header};
use std::path::Path;

/// The scheme of the `Authorization` header (RFC 6750).
const SCHEME: &str = "Bearer";

/// The token a request must carry.
#[derive(Clone, Debug)]
pub struct Token(Secret);

/// What a request's `Authorization` header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presented {
    /// The token.
    Right,
    /// No bearer token at all.
    Missing,
    /// A bearer token, not this one.
    Wrong,
}

impl Token {
    /// This user's token of the project found from `start`, made and kept
    /// on the first start.
    pub fn of_project(start: &Path) -> Result<Token, CliError> {
        let project = Project::find(start)?;
        if let Some(token) = project.read_mcp_token()? {
            return Ok(Token(Secret::new(token)));
        }
        let token = Secret::generate().map_err(CliError::server)?;
        project.write_mcp_token(token.expose())?;
        Ok(Token(token))
    }

    /// A known token (tests).
    #[cfg(test)]
    pub fn new(token: impl Into<String>) -> Token {
        Token(Secret::new(token.into()))
    }

    /// The value of the `Authorization` header a client sends.
    pub fn header_value(&self) -> String {
        format!("{SCHEME} {}", self.0.expose())
    }

    /// Whether `headers` carry this token; compared in constant time.
    pub fn presented(&self, headers: &HeaderMap) -> Presented {
        let Some(value) = headers.get(header::AUTHORIZATION) else {
            return Presented::Missing;
        };
        let Some((scheme, token)) = value.as_bytes().split_first_chunk::<6>() else {
            return Presented::Missing;
        };
        // The scheme is case-insensitive; one or more spaces follow it.
        if !scheme.eq_ignore_ascii_case(SCHEME.as_bytes()) || !token.starts_with(b" ") {
            return Presented::Missing;
        }
        let token = token.trim_ascii();
        // An empty token is never equal: the stored one has 32 digits.
        if self.0.matches(token) {
            Presented::Right
        } else {
            Presented::Wrong
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]
    use super::*;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, value.parse().unwrap());
        headers
    }

    #[test]
    fn only_the_token_as_a_bearer_is_right() {
        let token = Token::new("00ff");
        assert_eq!(token.presented(&with("Bearer 00ff")), Presented::Right);
        assert_eq!(token.presented(&with("bearer  00ff ")), Presented::Right);
        assert_eq!(token.presented(&HeaderMap::new()), Presented::Missing);
        assert_eq!(token.presented(&with("Basic 00ff")), Presented::Missing);
        assert_eq!(token.presented(&with("Bearer00ff")), Presented::Missing);
        for wrong in ["Bearer 00fe", "Bearer 00ff00", "Bearer 00f", "Bearer "] {
            assert_eq!(token.presented(&with(wrong)), Presented::Wrong, "{wrong}");
        }
    }

    #[test]
    fn the_first_start_makes_a_token_and_the_next_reuses_it() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let first = Token::of_project(dir.path()).unwrap();
        assert_eq!(first.0.expose().len(), 32);
        let again = Token::of_project(dir.path()).unwrap();
        assert_eq!(first.0, again.0);
        let other = tempfile::tempdir().unwrap();
        Project::init(other.path()).unwrap();
        assert_ne!(Token::of_project(other.path()).unwrap().0, first.0);
    }
}
