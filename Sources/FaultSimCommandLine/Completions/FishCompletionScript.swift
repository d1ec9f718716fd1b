/// The fish completion script: `complete` lines conditioned on the
/// subcommand on the command line and, for positional arguments, on how
/// many are already given.
struct FishCompletionScript {
  let root: CommandInfo

  var text: String {
    var lines = [
      "# fish completion for faultsim, printed by 'faultsim completions fish' from the",
      "# declarations that faultsim parses its arguments with.",
      "# Save it as ~/.config/fish/completions/faultsim.fish.",
      "",
      "# The subcommand on the command line; fails when there is none yet.",
      "function __faultsim_subcommand",
      "    for word in (commandline -opc)[2..-1]",
      "        if not string match -q -- '-*' $word",
      "            echo $word",
      "            return 0",
      "        end",
      "    end",
      "    return 1",
      "end",
      "",
      "# Whether the subcommand on the command line is $argv[1].",
      "function __faultsim_using",
      "    set -l command (__faultsim_subcommand)",
      "    and test \"$command\" = $argv[1]",
      "end",
      "",
      "# How many positional arguments follow the subcommand; $argv lists the",
      "# options that take a value.",
      "function __faultsim_positionals",
      "    set -l count 0",
      "    set -l seen 0",
      "    set -l skip 0",
      "    set -l rest 0",
      "    for word in (commandline -opc)[2..-1]",
      "        if test $skip = 1",
      "            set skip 0",
      "        else if test $rest = 1",
      "            set count (math $count + 1)",
      "        else if test $seen = 0",
      "            if not string match -q -- '-*' $word",
      "                set seen 1",
      "            end",
      "        else if test \"$word\" = --",
      "            set rest 1",
      "        else if string match -q -- '-*' $word",
      "            if contains -- $word $argv",
      "                set skip 1",
      "            end",
      "        else",
      "            set count (math $count + 1)",
      "        end",
      "    end",
      "    echo $count",
      "end",
      "",
      "# The file names fish offers for the word being typed that end in one of",
      "# $argv, and directories to descend into.",
      "function __faultsim_files",
      "    set -l word (commandline -ct)",
      "    for file in (complete -C \"__faultsim_no_such_command $word\")",
      "        set file (string split -f1 \\t -- $file)",
      "        if string match -q -- '*/' $file",
      "            echo $file",
      "            continue",
      "        end",
      "        for extension in $argv",
      "            if string match -q -- \"*.$extension\" $file",
      "                echo $file",
      "                break",
      "            end",
      "        end",
      "    end",
      "end",
      "",
      "# No file names unless an argument takes them.",
      "complete -c faultsim -f",
    ]
    if CompletionShell.completesKeyPaths(root) {
      lines += [
        "",
        "# The key paths of --set and --vary, from every world's option table (fish",
        "# adds no space after a completion that ends in '=').",
        "function __faultsim_key_paths",
        "    printf '%s\\n' \(ValueCompletion.keyPaths.choices.map(Self.quoted).joined(separator: " "))",
        "end",
      ]
    }
    let top = "not __faultsim_subcommand"
    lines += root.optionDeclarations.map { Self.option($0, condition: top) }
    lines += root.subcommands.map {
      "complete -c faultsim -n \(Self.quoted(top)) -a \($0.name) -d \(Self.quoted(CompletionShell.summary($0.abstract)))"
    }
    for command in root.subcommands {
      lines.append("")
      let using = "__faultsim_using \(command.name)"
      lines += command.optionDeclarations.map { Self.option($0, condition: using) }
      let valueOptions = command.valueOptionSpellings.joined(separator: " ")
      for (index, positional) in command.positionalDeclarations.enumerated() {
        let count = "test (__faultsim_positionals \(valueOptions)) \(positional.repeatable ? "-ge" : "-eq") \(index)"
        lines.append(
          "complete -c faultsim -n \(Self.quoted("\(using); and \(count)"))\(Self.values(positional.completion, option: false)) -d \(Self.quoted(CompletionShell.summary(positional.doc)))"
        )
        if positional.repeatable { break }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `complete` line of an option or flag.
  static func option(_ argument: ArgumentDeclaration, condition: String) -> String {
    var line = "complete -c faultsim -n \(quoted(condition))"
    if let short = argument.short { line += " -s \(short.dropFirst())" }
    line += " -l \(argument.name.dropFirst(2))"
    if argument.kind == .option { line += values(argument.completion, option: true) }
    return line + " -d \(quoted(CompletionShell.summary(argument.doc)))"
  }

  /// The options of `complete` that say what to offer for a value: of an
  /// option (which then requires one, `-r`) or of a positional argument.
  /// Only a value that is any file lets fish offer file names (`-F`);
  /// otherwise `-f` keeps them out, and files of one kind come from
  /// `__faultsim_files`.
  static func values(_ completion: ValueCompletion, option: Bool) -> String {
    let requires = option ? " -r" : ""
    switch completion {
    case .none: return requires + " -f"
    case .file(let extensions):
      if extensions.isEmpty { return requires + " -F" }
      return requires + " -f -a " + quoted("(__faultsim_files \(extensions.joined(separator: " ")))")
    case .directory: return requires + " -f -a '(__fish_complete_directories)'"
    case .keyPaths: return requires + " -f -a '(__faultsim_key_paths)'"
    case .choices, .optionTables:
      return requires + " -f -a \(quoted(completion.choices.joined(separator: " ")))"
    }
  }

  /// `text` in single quotes for fish, which escapes `\` and `'` inside.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
