//! Whose fault a failure is: the one thing the exit status says about it.
//!
//! It sits at the bottom, below every room, so that each error can say its own fault beside its
//! definition (`impl Blame for ReadError` next to `ReadError`) without importing anything above
//! it; `error::Error`, at the top, only asks. 2 for input the player can fix, 1 for the machine
//! (docs/guide.md, "Exit statuses").

/// Whose fault a failure is, which is what the exit status says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Input the user can fix: an argument, a file they named that is wrong or refused. Status 2.
    Input,
    /// The machine: a read or write that failed, a full disk, no terminal, no thread. Status 1.
    Machine,
}

impl Fault {
    /// The machine's fault when `machine`, else the user's.
    pub(crate) fn of(machine: bool) -> Fault {
        if machine {
            Fault::Machine
        } else {
            Fault::Input
        }
    }

    /// The exit status of a failure of this fault.
    pub(crate) fn code(self) -> i32 {
        match self {
            Fault::Input => 2,
            Fault::Machine => 1,
        }
    }
}

/// An error that knows from its kind whose fault it is.
pub(crate) trait Blame {
    fn fault(&self) -> Fault;
}
