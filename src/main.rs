//! The `new2048` binary: everything is in the library; this only hands over the exit status.

fn main() {
    std::process::exit(new2048::main());
}
