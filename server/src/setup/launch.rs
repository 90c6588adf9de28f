//! How this aide was started, so that a client starts it again the same
//! way once setup is long over. A binary in a runner's cache (`uvx`,
//! `pipx run`, `npx`) goes when the runner empties its cache (`uv cache
//! clean`): its path would leave the client with ENOENT, so the client
//! gets the runner's own command. Anything else is started by its absolute
//! path, which a client launched from the desktop finds without a PATH.
//!
//! The binary's own location tells, not a variable its launcher sets: the
//! wheel's `aide` is often run without any launcher (`uvx --from
//! aide-decide aide`), and what each runner leaves on disk is stable and
//! its own. uv and pipx tag their cache folders with `CACHEDIR.TAG`
//! (bford.info/cachedir): a runner's environment is a Python venv in such
//! a cache (uv's `archive-v0/ID/`, pipx's `.cache/ID/`), while the tools
//! they install for good (`uv tool install`, `pipx install`) are venvs in
//! folders without the tag. npx installs into `_npx/ID/node_modules/` of
//! npm's cache.

use std::fs;
use std::path::{Path, PathBuf};

/// The variable the npm launcher names itself in when it runs aide as its
/// child (packaging/npm/aide.js): its process id.
const LAUNCHER_PID: &str = "AIDE_LAUNCHER_PID";

/// When the npm launcher runs this aide as its child (Node cannot exec
/// everywhere), aide dies with it, as it would have had the launcher
/// exec'd it: SIGKILL of the launcher otherwise left aide orphaned and
/// serving. On Linux the kernel sends SIGTERM (PR_SET_PDEATHSIG), which
/// aide's servers answer with their graceful stop. Only the launcher's
/// own child does so: the servers aide starts in the background inherit
/// the variable, but not the launcher as their parent (and the setting
/// is not inherited across fork).
pub fn die_with_launcher() {
    #[cfg(target_os = "linux")]
    {
        let launcher = std::env::var(LAUNCHER_PID)
            .ok()
            .and_then(|pid| pid.parse::<u32>().ok());
        if launcher.is_none() || launcher != Some(std::os::unix::process::parent_id()) {
            return;
        }
        // The setting first, then a look: a launcher gone in between has
        // left this aide to another parent.
        if nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGTERM).is_ok()
            && launcher != Some(std::os::unix::process::parent_id())
        {
            std::process::exit(143);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = LAUNCHER_PID;
}

/// The name aide has on PyPI and npm.
const PACKAGE: &str = "aide-decide";
/// The first line of a cache directory tag.
const CACHEDIR_SIGNATURE: &str = "Signature: 8a477f597d28d172789f06886806bc55";

/// A runner that runs a package from its cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    Uvx,
    PipxRun,
    Npx,
}

impl Runner {
    /// The command the runner is called by, as people know it.
    pub fn name(self) -> &'static str {
        match self {
            Runner::Uvx => "uvx",
            Runner::PipxRun => "pipx run",
            Runner::Npx => "npx",
        }
    }

    /// The command that fetches aide again if the cache lost it, and its
    /// arguments before aide's own. npx is pinned to this version: without
    /// one it would run whatever version its cache holds.
    pub fn command(self) -> (String, Vec<String>) {
        let owned = |args: &[&str]| args.iter().map(|a| (*a).to_owned()).collect();
        match self {
            Runner::Uvx => ("uvx".into(), owned(&[PACKAGE])),
            Runner::PipxRun => ("pipx".into(), owned(&["run", PACKAGE])),
            Runner::Npx => (
                "npx".into(),
                vec![
                    "-y".into(),
                    format!("{PACKAGE}@{}", env!("CARGO_PKG_VERSION")),
                ],
            ),
        }
    }
}

/// How this aide is to be started again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// By its absolute path, links resolved.
    Path(PathBuf),
    /// Through the runner whose cache it runs from.
    Runner(Runner),
}

impl Invocation {
    /// How the binary at `exe` (its canonical path) is started again.
    pub fn of(exe: &Path) -> Invocation {
        match runner_of(exe) {
            Some(runner) => Invocation::Runner(runner),
            None => Invocation::Path(exe.to_path_buf()),
        }
    }
}

/// The runner whose cache holds `exe`, if any.
fn runner_of(exe: &Path) -> Option<Runner> {
    if exe
        .ancestors()
        .skip(1)
        .any(|dir| dir.file_name().is_some_and(|n| n == "_npx"))
        && exe.components().any(|c| c.as_os_str() == "node_modules")
    {
        return Some(Runner::Npx);
    }
    // A venv: bin/ (Scripts\ on Windows) beside its pyvenv.cfg.
    let venv = exe.parent()?.parent()?;
    if !venv.join("pyvenv.cfg").is_file() {
        return None;
    }
    let cached = venv.ancestors().skip(1).take(2).any(tagged_cache);
    if !cached {
        return None;
    }
    Some(if venv.join("pipx_metadata.json").is_file() {
        Runner::PipxRun
    } else {
        Runner::Uvx
    })
}

/// Whether `dir` holds a cache directory tag.
fn tagged_cache(dir: &Path) -> bool {
    fs::read_to_string(dir.join("CACHEDIR.TAG"))
        .is_ok_and(|tag| tag.starts_with(CACHEDIR_SIGNATURE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &Path, text: &str) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    fn tag(dir: &Path) {
        file(
            &dir.join("CACHEDIR.TAG"),
            &format!("{CACHEDIR_SIGNATURE}\n# uv\n"),
        );
    }

    /// Each runner's layout as it leaves it on disk (uv 0.13, pipx 1.8,
    /// npm 10), and the layouts of the same tools installed for good.
    #[test]
    fn a_runner_is_told_by_where_its_cache_keeps_aide() {
        let root = tempfile::tempdir().unwrap();
        let at = |p: &str| root.path().join(p);
        // uvx: CACHE/archive-v0/ID is the venv; CACHE is tagged (and so is
        // the venv itself).
        tag(&at("uv-cache"));
        tag(&at("uv-cache/archive-v0/AbC"));
        file(&at("uv-cache/archive-v0/AbC/pyvenv.cfg"), "uv = 0.13.9\n");
        file(&at("uv-cache/archive-v0/AbC/bin/aide"), "");
        // uv tool install: a tagged venv in an untagged tools folder.
        tag(&at("share/uv/tools/aide-decide"));
        file(
            &at("share/uv/tools/aide-decide/pyvenv.cfg"),
            "uv = 0.13.9\n",
        );
        file(&at("share/uv/tools/aide-decide/bin/aide"), "");
        // pipx run: PIPX_HOME/.cache/ID, the cache tagged, pipx's metadata.
        tag(&at("pipx/.cache"));
        file(&at("pipx/.cache/7cf5/pyvenv.cfg"), "");
        file(&at("pipx/.cache/7cf5/pipx_metadata.json"), "{}");
        file(&at("pipx/.cache/7cf5/bin/aide"), "");
        // pipx install: PIPX_HOME/venvs/NAME.
        file(&at("pipx/venvs/aide-decide/pyvenv.cfg"), "");
        file(&at("pipx/venvs/aide-decide/pipx_metadata.json"), "{}");
        // npx, and npm install -g.
        let npx = "npm/_npx/f7da/node_modules/aide-decide-linux-x64-gnu/bin/aide";
        let global = "lib/node_modules/aide-decide/node_modules/aide-decide-linux-x64-gnu/bin/aide";
        // A plain venv and a plain folder.
        file(&at("venv/pyvenv.cfg"), "");
        for (exe, runner) in [
            ("uv-cache/archive-v0/AbC/bin/aide", Some(Runner::Uvx)),
            ("share/uv/tools/aide-decide/bin/aide", None),
            ("pipx/.cache/7cf5/bin/aide", Some(Runner::PipxRun)),
            ("pipx/venvs/aide-decide/bin/aide", None),
            (npx, Some(Runner::Npx)),
            (global, None),
            ("venv/bin/aide", None),
            ("usr/local/bin/aide", None),
        ] {
            assert_eq!(runner_of(&at(exe)), runner, "{exe}");
        }
        let path = at("usr/local/bin/aide");
        assert_eq!(Invocation::of(&path), Invocation::Path(path.clone()));
    }

    #[test]
    fn each_runner_fetches_aide_again_by_its_package_name() {
        let line = |r: Runner| {
            let (command, args) = r.command();
            format!("{command} {}", args.join(" "))
        };
        assert_eq!(line(Runner::Uvx), "uvx aide-decide");
        assert_eq!(line(Runner::PipxRun), "pipx run aide-decide");
        assert_eq!(
            line(Runner::Npx),
            format!("npx -y aide-decide@{}", env!("CARGO_PKG_VERSION"))
        );
    }
}
