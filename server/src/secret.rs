//! One kind of secret for every key and token aide makes: the page's key,
//! the relay secret only `aide mcp` reads, the `--http` bearer token and
//! the App view's token. 128 bits from the OS, written as 32 hex digits;
//! compared in constant time; never shown by `Debug`.

use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

/// Bytes of randomness in a secret (128 bits).
pub const SECRET_BYTES: usize = 16;

/// A key or token.
#[derive(Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// A fresh secret from the OS.
    pub fn generate() -> std::io::Result<Secret> {
        Ok(Secret(hex::encode(random_bytes()?)))
    }

    /// A secret made before, read back (a notice, a token file).
    pub fn new(secret: String) -> Secret {
        Secret(secret)
    }

    /// The secret itself, to hand to whoever may hold it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this secret, compared in constant time. An empty
    /// secret matches nothing.
    pub fn matches(&self, given: &[u8]) -> bool {
        !self.0.is_empty() && bool::from(self.0.as_bytes().ct_eq(given))
    }
}

impl PartialEq for Secret {
    fn eq(&self, other: &Secret) -> bool {
        self.0.as_bytes().ct_eq(other.0.as_bytes()).into()
    }
}

impl Eq for Secret {}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// 128 bits from the OS (a secret's, or a page's CSP nonce).
pub fn random_bytes() -> std::io::Result<[u8; SECRET_BYTES]> {
    let mut bytes = [0u8; SECRET_BYTES];
    getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_fresh_matches_only_itself_and_is_never_shown() {
        let one = Secret::generate().expect("randomness");
        let two = Secret::generate().expect("randomness");
        assert_eq!(one.expose().len(), 32);
        assert_ne!(one, two);
        assert!(one.matches(one.expose().as_bytes()));
        assert!(!one.matches(two.expose().as_bytes()));
        assert!(!one.matches(&one.expose().as_bytes()[1..]));
        assert!(!one.matches(b""));
        assert!(!Secret::new(String::new()).matches(b""));
        assert_eq!(format!("{one:?}"), "Secret(…)");
        let json = serde_json::to_string(&one).expect("json");
        assert_eq!(json, format!("\"{}\"", one.expose()));
    }
}
