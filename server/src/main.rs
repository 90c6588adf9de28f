//! `aide`: the command line, the local web server and the store.

fn main() -> std::process::ExitCode {
    server::run()
}
