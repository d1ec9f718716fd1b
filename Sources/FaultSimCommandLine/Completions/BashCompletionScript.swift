/// The bash completion script: one function per subcommand that looks at
/// the word before the cursor (an option that takes a value) and at the
/// positional arguments already given, and fills `COMPREPLY` with
/// `compgen`. It needs nothing but bash (not the bash-completion package).
struct BashCompletionScript {
  let root: CommandInfo

  var text: String {
    var lines = [
      "# bash completion for faultsim, printed by 'faultsim completions bash' from the",
      "# declarations that faultsim parses its arguments with.",
      "# Load it with: source <(faultsim completions bash)",
      "",
      "# Runs compgen with the arguments given and adds each line it prints to",
      "# COMPREPLY as it is: a name is neither split at spaces nor expanded as a",
      "# pattern (a file named '*.json' is offered once, as itself).",
      "_faultsim_compgen() {",
      "  local line",
      "  while IFS= read -r line; do",
      "    COMPREPLY+=(\"$line\")",
      "  done < <(compgen \"$@\")",
      "}",
      "",
      "# Files ending in one of the extensions given (any file without one), and",
      "# directories to descend into.",
      "_faultsim_complete_files() {",
      "  local extension",
      "  compopt -o filenames 2>/dev/null",
      "  COMPREPLY=()",
      "  if (($# == 0)); then",
      "    _faultsim_compgen -f -- \"$cur\"",
      "    return",
      "  fi",
      "  _faultsim_compgen -d -- \"$cur\"",
      "  for extension in \"$@\"; do",
      "    _faultsim_compgen -f -X \"!*.$extension\" -- \"$cur\"",
      "  done",
      "}",
      "",
      "_faultsim_complete_directories() {",
      "  compopt -o filenames 2>/dev/null",
      "  COMPREPLY=()",
      "  _faultsim_compgen -d -- \"$cur\"",
      "}",
      "",
    ]
    if CompletionShell.completesKeyPaths(root) {
      lines += [
        "# The key paths of --set and --vary, from every world's option table; the",
        "# value follows the '=' at once, so no space after it.",
        "_faultsim_complete_key_paths() {",
        "  compopt -o nospace 2>/dev/null",
        "  COMPREPLY=()",
        "  _faultsim_compgen -W \(Self.quoted(ValueCompletion.keyPaths.choices)) -- \"$cur\"",
        "}",
        "",
      ]
    }
    lines += [
      "# How many positional arguments come before the cursor, after the word at",
      "# index $1; $2 lists the options that take a value, as '|--a|--b|'.",
      "_faultsim_positional_index() {",
      "  local i word count=0 rest=0",
      "  for ((i = $1 + 1; i < COMP_CWORD; i++)); do",
      "    word=${COMP_WORDS[i]}",
      "    if ((rest)); then",
      "      count=$((count + 1))",
      "      continue",
      "    fi",
      "    case $word in",
      "      --) rest=1 ;;",
      "      =) i=$((i + 1)) ;;",
      "      -*) [[ $2 == *\"|$word|\"* && ${COMP_WORDS[i + 1]} != = ]] && i=$((i + 1)) ;;",
      "      *) count=$((count + 1)) ;;",
      "    esac",
      "  done",
      "  echo \"$count\"",
      "}",
      "",
      "_faultsim() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev= prefix= i command= at=0",
      "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}",
      "  # --name=value: readline splits it at '=' (COMP_WORDBREAKS), or not.",
      "  if [[ $cur == = ]]; then",
      "    cur=",
      "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then",
      "    prev=${COMP_WORDS[COMP_CWORD - 2]}",
      "  elif [[ $cur == --*=* ]]; then",
      "    prev=${cur%%=*}",
      "    prefix=$prev=",
      "    cur=${cur#*=}",
      "  fi",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    case ${COMP_WORDS[i]} in",
      "      -*) ;;",
      "      *)",
      "        command=${COMP_WORDS[i]}",
      "        at=$i",
      "        break",
      "        ;;",
      "    esac",
      "  done",
      "  COMPREPLY=()",
      "  case $command in",
      "    '')",
      "      if [[ $cur == -* ]]; then",
      "        _faultsim_compgen -W \(Self.quoted(root.optionDeclarations.flatMap(\.spellings))) -- \"$cur\"",
      "      else",
      "        _faultsim_compgen -W \(Self.quoted(root.subcommands.map(\.name))) -- \"$cur\"",
      "      fi",
      "      ;;",
    ]
    for command in root.subcommands {
      lines.append("    \(command.name)) \(CompletionShell.functionName(command)) ;;")
    }
    lines += [
      "  esac",
      "  if [[ -n $prefix ]]; then",
      "    COMPREPLY=(\"${COMPREPLY[@]/#/$prefix}\")",
      "  fi",
      "  return 0",
      "}",
    ]
    for command in root.subcommands {
      lines.append("")
      lines += function(command)
    }
    lines += ["", "complete -F _faultsim faultsim"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The function for one subcommand.
  func function(_ command: CommandInfo) -> [String] {
    var lines = ["\(CompletionShell.functionName(command))() {", "  case $prev in"]
    for option in command.optionDeclarations where option.kind == .option {
      lines.append("    \(option.spellings.joined(separator: "|")))")
      lines.append("      \(Self.values(option.completion))")
      lines.append("      return")
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "  if [[ -n $prefix ]]; then",
      "    return",
      "  fi",
      "  if [[ $cur == -* ]]; then",
      "    _faultsim_compgen -W \(Self.quoted(command.optionDeclarations.flatMap(\.spellings))) -- \"$cur\"",
      "    return",
      "  fi",
    ]
    let positionals = command.positionalDeclarations
    if !positionals.isEmpty {
      let valueOptions = "|" + command.valueOptionSpellings.joined(separator: "|") + "|"
      lines.append(
        "  case $(_faultsim_positional_index \"$at\" \(Self.quoted([valueOptions]))) in")
      for (index, positional) in positionals.enumerated() {
        lines.append("    \(positional.repeatable ? "*" : "\(index)")) \(Self.values(positional.completion)) ;;")
        if positional.repeatable { break }
      }
      lines.append("  esac")
    }
    lines.append("}")
    return lines
  }

  /// The command that fills `COMPREPLY` for a value.
  static func values(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: return "COMPREPLY=()"
    case .file(let extensions):
      return (["_faultsim_complete_files"] + extensions.map { quoted([$0]) }).joined(separator: " ")
    case .directory: return "_faultsim_complete_directories"
    case .choices, .optionTables: return "COMPREPLY=(); _faultsim_compgen -W \(quoted(completion.choices)) -- \"$cur\""
    case .keyPaths: return "_faultsim_complete_key_paths"
    }
  }

  /// `words` joined by spaces in single quotes, for bash.
  static func quoted(_ words: [String]) -> String {
    "'" + words.joined(separator: " ").replacing("'", with: #"'\''"#) + "'"
  }
}
