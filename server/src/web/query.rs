//! Query strings read into their types, with what is wrong said in the
//! page's words: axum's `Query` answers a plain English sentence.

use super::error::AppError;
use super::lang::RequestLang;
use app::i18n::{Damage, Expected};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

/// A query of an API route (refusals in JSON), read as `T`.
pub struct ApiQuery<T>(pub T);

/// What each parameter of a query should be, for the refusal that names a
/// wrong one.
pub trait Params {
    const PARAMS: &'static [(&'static str, Expected)];
}

impl Params for app::page::ItemsQuery {
    const PARAMS: &'static [(&'static str, Expected)] = &[
        ("from", Expected::WholeNumber),
        ("item", Expected::WholeNumber),
    ];
}

impl<S: Send + Sync, T: DeserializeOwned + Params> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, AppError> {
        let lang = parts
            .extensions
            .get::<RequestLang>()
            .map(|l| l.lang)
            .unwrap_or_default();
        read(parts.uri.query().unwrap_or_default())
            .map(ApiQuery)
            .map_err(|damage| AppError::bad_request(lang, damage.text(lang)).in_json())
    }
}

/// `query` as a `T`; where it is not one, the parameter and what it
/// should be.
fn read<T: DeserializeOwned + Params>(query: &str) -> Result<T, Damage> {
    let pairs = form_urlencoded::parse(query.as_bytes());
    serde_path_to_error::deserialize(serde_urlencoded::Deserializer::new(pairs)).map_err(|error| {
        let name = error.path().to_string();
        let given = form_urlencoded::parse(query.as_bytes())
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.into_owned());
        match given {
            Some(value) => Damage::field(
                name.clone(),
                T::PARAMS.iter().find(|(n, _)| *n == name).map(|(_, e)| *e),
                &serde_json::Value::from(value),
            ),
            // serde stops at a missing parameter with the path of the
            // query itself: the parameters not given are the missing ones.
            None => Damage::Missing {
                path: T::PARAMS
                    .iter()
                    .map(|(n, _)| *n)
                    .find(|n| !form_urlencoded::parse(query.as_bytes()).any(|(k, _)| k == *n))
                    .unwrap_or_default()
                    .to_owned(),
            },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::Lang;
    use app::page::ItemsQuery;

    #[test]
    fn a_wrong_or_missing_parameter_is_named_with_what_it_should_be() {
        assert_eq!(read::<ItemsQuery>("from=12").unwrap().from, 12);
        let wrong = read::<ItemsQuery>("from=ten").unwrap_err();
        assert_eq!(
            wrong.text(Lang::En),
            "from must be a whole number (0 or more), found \"ten\""
        );
        assert_eq!(wrong.text(Lang::Zh), "from 应为非负整数,实际为 \"ten\"");
        let negative = read::<ItemsQuery>("from=-1").unwrap_err();
        assert_eq!(
            negative.text(Lang::En),
            "from must be a whole number (0 or more), found \"-1\""
        );
        let missing = read::<ItemsQuery>("to=3").unwrap_err();
        assert_eq!(missing.text(Lang::En), "from is missing");
        assert_eq!(
            read::<ItemsQuery>("").unwrap_err().text(Lang::Zh),
            "缺少 from"
        );
    }
}
