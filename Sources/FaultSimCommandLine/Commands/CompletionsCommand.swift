/// `faultsim completions bash|zsh|fish`: the shell completion script,
/// generated from the same declarations that parsing and help read.
struct CompletionsCommand: Subcommand {
  static let name = "completions"
  static let abstract = "Print the shell completion script for bash, zsh or fish."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "The script completes subcommands, their options, and option values: scenario files for <scenario>, tables for <part.csv>, the choices of --format, --block and completions.",
      "bash: load it with 'source <(faultsim completions bash)' in ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/faultsim.\nzsh: save it as _faultsim in a directory on $fpath before compinit runs, or load it with 'source <(faultsim completions zsh)' after compinit.\nfish: save it as ~/.config/fish/completions/faultsim.fish.",
    ],
    examples: [
      "faultsim completions bash > ~/.local/share/bash-completion/completions/faultsim",
      "faultsim completions zsh > ~/.zfunc/_faultsim",
      "faultsim completions fish > ~/.config/fish/completions/faultsim.fish",
    ]
  )

  @Argument(
    .positional(
      "<shell>", completion: .choices(CompletionShell.allCases.map(\.rawValue)), "The shell to print the script for."
    ))
  var shell: CompletionShell

  func run(_ output: inout Output) throws(CommandFailure) {
    output.write(shell.script(for: TopLevel.info))
  }
}
