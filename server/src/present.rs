//! What the service says happened (`decide::report`), presented to the
//! person and the agent at a terminal: the lines with their prefixes on
//! stderr, the QR code, the browser, the desktop notification, and
//! `--json`'s line on stdout. The command line presents through it, and
//! `aide mcp` too (on its stderr, as `submit --detach` would print).

use crate::decide::error::DecideError;
use crate::decide::report::{Ending, Happened, Started, Unanswered};
use crate::decide::serving::Finished;
use crate::decide::settings::ServerSettings;
use crate::error::CliError;
use crate::output::Printer;
use crate::reach::Reach;
use app::i18n::{AgentMsg, Msg, StoreMsg};
use std::cell::RefCell;

impl crate::decide::ctx::Ctx {
    /// What a front end prints to people, in the run's language.
    pub(crate) fn printer(&self) -> Printer {
        Printer { lang: self.lang }
    }
}

/// What the person and the agent at this terminal are shown.
pub struct Terminal<'a> {
    printer: Printer,
    settings: &'a ServerSettings,
    /// Print `Started` as one JSON line on stdout (`--json`).
    json: bool,
    /// Print the address as a QR code too (`--qr`).
    qr: bool,
    /// This process is the background server of `--detach`: its parent
    /// tells the agent and the person, it only logs.
    background: bool,
    /// Standard output refused `--json`'s line.
    failed: RefCell<Option<CliError>>,
}

impl<'a> Terminal<'a> {
    pub fn new(printer: Printer, settings: &'a ServerSettings, json: bool, qr: bool) -> Self {
        Terminal {
            printer,
            settings,
            json,
            qr,
            background: false,
            failed: RefCell::new(None),
        }
    }

    /// The background server's presentation: into its log.
    pub fn background(mut self) -> Self {
        self.background = true;
        self
    }

    /// The first failure to print data, if any, once the operation is done.
    pub fn finish(self) -> Result<(), CliError> {
        self.failed.into_inner().map_or(Ok(()), Err)
    }

    fn print_json(&self, started: &Started) {
        if let Err(error) = crate::stdout::print_json(started) {
            self.failed.borrow_mut().get_or_insert(error);
        }
    }

    /// This process serves the page: the address, what reaches the
    /// person, `--json`'s line, the notification.
    fn serving(&self, started: &Started) {
        let printer = self.printer;
        printer.info(&Msg::ServerStarted);
        printer.info(&Msg::Visit {
            url: started.url.clone(),
        });
        if !self.background {
            self.announce(started);
        }
        if self.json {
            self.print_json(started);
        }
        printer.info(&Msg::Waiting);
        if self.settings.notify {
            crate::notify::question_arrived(started.message.clone(), started.lang);
        }
    }

    /// After the address: the port actually used if the configured one was
    /// taken, the exposure warning, the addresses on the network, the QR
    /// code, the tunnel, and the browser (or, without one, that the address
    /// must reach the person).
    fn announce(&self, started: &Started) {
        let (printer, settings, port, url) =
            (self.printer, self.settings, started.port, &started.url);
        if port != settings.port {
            let (wanted, used) = (settings.port, port);
            printer.warn(&Msg::Agent(if crate::web::browsers_refuse(wanted) {
                AgentMsg::PortRefused { wanted, used }
            } else {
                AgentMsg::PortMoved { wanted, used }
            }));
        }
        if !settings.bind.is_loopback() {
            printer.warn(&Msg::ExposedBind {
                bind: settings.bind.to_string(),
            });
        }
        let mut for_phone = url.to_owned();
        if settings.bind.is_unspecified() && settings.public_url(port).is_none() {
            // Bound to every interface (a container, a phone on the LAN): the
            // addresses other machines use, with the same key.
            let v6 = settings.bind.is_ipv6();
            for (n, ip) in crate::reach::network_addresses(v6).into_iter().enumerate() {
                let Some(there) = crate::reach::at_host(url, ip) else {
                    continue;
                };
                if n == 0 {
                    for_phone = there.clone();
                }
                printer.info(&Msg::Agent(AgentMsg::FromNetwork { url: there }));
            }
        }
        if self.qr {
            match crate::reach::qr(&for_phone) {
                Some(code) => printer.block(&code),
                None => printer.warn(&Msg::Agent(AgentMsg::NoQr)),
            }
        }
        if let Some(tunnel) = settings.reach.tunnel(port) {
            printer.info(&Msg::Agent(AgentMsg::Tunnel { command: tunnel }));
        }
        let opened = settings.reach == Reach::Browser
            && match crate::reach::open(url) {
                Ok(()) => {
                    printer.info(&Msg::OpenBrowser { url: url.into() });
                    true
                }
                Err(e) => {
                    printer.warn(&Msg::OpenFailed {
                        detail: e.to_string(),
                    });
                    false
                }
            };
        if !opened {
            printer.info(&Msg::Agent(AgentMsg::GiveAddress));
        }
        // For agents (the spec's blocking submit keeps its own lines).
        if settings.detach || self.json {
            printer.info(&Msg::Agent(AgentMsg::RelayLine {
                message: started.message.clone(),
            }));
        }
    }

    /// How the page ended, as the spec says it: `✓` answered, `⚠` timed
    /// out or stopped, `✗` the project gone.
    fn ending(&self, ending: &Ending) {
        if *ending == Ending::Decided(()) {
            self.printer.ok(&Msg::Completed);
        } else if let Err(error) = outcome(ending.clone()) {
            error.print(&self.printer);
        }
    }
}

impl Terminal<'_> {
    /// Presents what an operation told, in order, then passes on what it
    /// returned: what happened before a failure is said before it.
    pub fn tell<T>(
        &self,
        told: &mut Vec<Happened>,
        result: Result<T, DecideError>,
    ) -> Result<T, CliError> {
        for happened in told.drain(..) {
            self.say(happened);
        }
        Ok(result?)
    }

    /// Presents how a page ended (told) and ends the command with it; its
    /// server stays registered until that is said.
    pub fn ended(
        self,
        told: &mut Vec<Happened>,
        finished: Result<Finished, DecideError>,
    ) -> Result<(), CliError> {
        let finished = self.tell(told, finished)?;
        self.finish()?;
        said(finished.ending.clone())
    }

    fn say(&self, happened: Happened) {
        let printer = self.printer;
        if let Some(warning) = happened.warning(printer.lang) {
            // The spec's one-line warnings keep their line; the others
            // say what to do.
            return match happened {
                Happened::NotListed { .. } | Happened::RulingsOff { .. } => {
                    printer.warn_hinted(&warning)
                }
                _ => printer.warn(&warning),
            };
        }
        match happened {
            Happened::NotLogged(_)
            | Happened::NotListed { .. }
            | Happened::NoBundle
            | Happened::RulingsOff { .. }
            | Happened::Rulings(_) => {}
            Happened::KeptAside { session } => printer.info(&Msg::KeptAside {
                session: session.to_string(),
            }),
            Happened::StoppedOld { url } => printer.info(&Msg::StoppedOld { url }),
            Happened::Serving(started) => self.serving(&started),
            Happened::Detached(started) => {
                printer.info(&Msg::Detached { pid: started.pid });
                printer.info(&Msg::Visit {
                    url: started.url.clone(),
                });
                self.announce(&started);
            }
            Happened::Ended(ending) => self.ending(&ending),
        }
    }
}

/// The command's outcome once its page ended: answered is success; any
/// other ending was said as it happened (`Terminal::ending`) and exits with
/// its code (docs/cli.md, "Exit codes").
pub fn outcome(ending: Ending) -> Result<(), CliError> {
    match ending {
        Ending::Decided(()) => Ok(()),
        Ending::Pending(Unanswered::TimedOut) => Err(CliError::TimedOut),
        Ending::Pending(Unanswered::Interrupted) => Err(CliError::Interrupted),
        Ending::Withdrawn((session, reason)) => Err(CliError::Withdrawn { session, reason }),
        Ending::Pending(Unanswered::ProjectGone { folder }) => {
            Err(CliError::from(Msg::Store(StoreMsg::ProjectGone {
                folder: folder.display().to_string(),
            })))
        }
    }
}

/// The exit of a command whose page ended and was said already.
pub fn said(ending: Ending) -> Result<(), CliError> {
    outcome(ending).map_err(|error| CliError::Reported(error.exit_code()))
}
