//! The `new2048` binary: parse the arguments, run, exit with the status the run chose.

use clap::Parser;

fn main() {
    let cli = new2048::app::cli::Cli::parse();
    std::process::exit(new2048::app::run(cli));
}
