/// The zsh completion script: `_arguments` specifications, one function per
/// subcommand, so zsh shows each option's description, leaves out an option
/// already given unless it repeats, and completes values by kind.
struct ZshCompletionScript {
  let root: CommandInfo

  var text: String {
    var lines = [
      "#compdef faultsim",
      "# zsh completion for faultsim, printed by 'faultsim completions zsh' from the",
      "# declarations that faultsim parses its arguments with.",
      "# Save it as _faultsim in a directory on $fpath before compinit runs, or load",
      "# it with: source <(faultsim completions zsh)",
      "",
      "_faultsim() {",
      "  local curcontext=$curcontext state line",
      "  typeset -A opt_args",
      "  _arguments -C \\",
    ]
    lines += root.optionDeclarations.map { "    \(Self.spec($0)) \\" }
    lines += [
      "    '1:subcommand:_faultsim_subcommands' \\",
      "    '*:: :->subcommand' && return",
      "  case $state in",
      "    subcommand)",
      "      curcontext=${curcontext%:*:*}:faultsim-$words[1]:",
      "      case $words[1] in",
    ]
    for command in root.subcommands {
      lines.append("        \(command.name)) \(CompletionShell.functionName(command)) ;;")
    }
    lines += [
      "      esac",
      "      ;;",
      "  esac",
      "}",
      "",
      "_faultsim_subcommands() {",
      "  local -a subcommands=(",
    ]
    lines += root.subcommands.map { "    \(Self.quoted("\($0.name):\(CompletionShell.summary($0.abstract))"))" }
    lines += [
      "  )",
      "  _describe -t subcommands 'faultsim subcommand' subcommands",
      "}",
    ]
    if CompletionShell.completesKeyPaths(root) {
      lines += [
        "",
        "# The key paths of --set and --vary, from every world's option table; the",
        "# value follows the '=' at once, so no space after it.",
        "_faultsim_key_paths() {",
        "  compadd -S '' -- \(ValueCompletion.keyPaths.choices.joined(separator: " "))",
        "}",
      ]
    }
    for command in root.subcommands {
      lines += ["", "\(CompletionShell.functionName(command))() {", "  _arguments \\"]
      let specs = command.optionDeclarations.map(Self.spec) + command.positionalDeclarations.map(Self.spec)
      lines += specs.enumerated().map { "    \($0.element)" + ($0.offset == specs.count - 1 ? "" : " \\") }
      lines.append("}")
    }
    lines += [
      "",
      "# Autoloaded from $fpath, this file is the body of _faultsim: define the",
      "# functions above, then complete. Sourced, it registers _faultsim.",
      "if [[ $funcstack[1] == _faultsim ]]; then",
      "  _faultsim \"$@\"",
      "else",
      "  compdef _faultsim faultsim",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `_arguments` specification of one argument.
  static func spec(_ argument: ArgumentDeclaration) -> String {
    let description = "[" + escaped(CompletionShell.summary(argument.doc)) + "]"
    switch argument.kind {
    case .positional:
      let message = argument.name.trimmingScalars(where: { $0 == "<" || $0 == ">" })
      let position = argument.repeatable ? "*" : argument.required ? "" : ":"
      return quoted("\(position):\(message):\(action(argument.completion))")
    case .flag, .option:
      let value =
        argument.kind == .option
        ? ":\(escapedMessage(argument.valueText)):\(action(argument.completion))" : ""
      let suffix = argument.kind == .option ? "=" : ""
      let repeated = argument.repeatable ? "*" : ""
      if argument == .help {
        // After --help nothing else matters.
        return "'(- *)'{\(argument.spellings.sorted().joined(separator: ","))}" + quoted(description)
      }
      if argument.spellings.count > 1 {
        let exclusions = argument.repeatable ? "" : "(\(argument.spellings.joined(separator: " ")))"
        let names = argument.spellings.sorted().map { $0 + suffix }.joined(separator: ",")
        return quoted(repeated + exclusions) + "{\(names)}" + quoted(description + value)
      }
      return quoted(repeated + argument.name + suffix + description + value)
    }
  }

  /// What zsh runs to offer a value.
  static func action(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: return " "
    case .file(let extensions):
      if extensions.isEmpty { return "_files" }
      let pattern = extensions.count == 1 ? "*.\(extensions[0])" : "*.(\(extensions.joined(separator: "|")))"
      return "_files -g \"\(pattern)\""
    case .directory: return "_files -/"
    case .choices, .optionTables: return "(\(completion.choices.joined(separator: " ")))"
    case .keyPaths: return "_faultsim_key_paths"
    }
  }

  /// A description inside `[...]`: brackets and backslashes escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "[" || character == "]" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// A message between colons: colons escaped.
  static func escapedMessage(_ text: String) -> String {
    text.replacing(":", with: "\\:")
  }

  /// `text` in single quotes for zsh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: #"'\''"#) + "'"
  }
}
