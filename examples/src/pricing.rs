use std::collections::HashMap;

pub fn price(id: u64) -> Money {
    // TODO: cache this lookup
    db::load_price(id)
}
