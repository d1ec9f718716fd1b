#!/usr/bin/env python3
"""Fails when the sources use a toolchain API newer than Package.swift's
declared Apple minimums, outside an `@available`/`#available` that covers it.

FaultSim is built and tested on Linux only. Its Apple platforms are declared
in Package.swift (`platforms:`) and never compiled here, so nothing else
would notice a call to, say, an API introduced in macOS 26 in a package that
declares macOS 15. The Linux toolchain's modules still carry their Apple
availability; this script reads it and looks for the names in the sources.

How it works:
  1. `swift-symbolgraph-extract` (next to `swift`) writes the symbol graphs,
     SPI included, of the toolchain modules the targets import: Swift (with
     _Concurrency and _StringProcessing, which it re-exports), Synchronization,
     Dispatch, Testing, XCTest, Foundation and FoundationEssentials. Each
     symbol's `availability` gives its introduction per platform; a member
     without one takes its enclosing type's.
  2. Only names introduced after a declared minimum on some platform are
     looked for (comments and string literals blanked out):
       - a top-level type, protocol, function or variable by its name
         (`Mutex`, `InlineArray`, `withTaskExecutorPreference`), not after a `.`;
       - a member only qualified by its type (`Task.immediate`, `Task.sleep(for:`,
         `ContinuousClock.now`, `Duration(secondsComponent:`); the call's
         first argument label picks the overloads it can mean (those with
         that label), and they count as the earliest of them.
  3. A use is covered when an enclosing `@available(...)` declaration or an
     `if #available(...)`/`guard #available(...)` grants at least the
     symbol's version for every platform it is late on. Scopes are found by
     indentation, which `swift format lint --strict` keeps exact.
  4. Each uncovered use is printed as `file:line: Symbol (introduced macOS X >
     minimum Y, ...)`; exit 1. scripts/availability-allowlist.txt lists name
     collisions (`path symbol -- reason`); an entry that matches nothing is
     reported too, so the list cannot rot.

What it cannot catch (a name match approximates the compiler's availability
checking, which on Linux ignores Apple platforms):
  - members reached through a value or implied (`clock.sleep(for:)`,
    `.seconds(1)`, `"abc".utf8Span`), operators, subscripts, conformances to
    protocols whose requirements are newer than the protocol: only the type
    named at the use is checked then;
  - a newer overload that shares an older one's name and first label;
  - APIs of other modules, of Apple-only SDK modules (there is no Apple SDK
    here), and of the Apple SDK's Foundation, whose availability is not
    swift-foundation's: Foundation names are checked against the open-source
    annotations the toolchain has (none of those is newer than the minimums);
  - anything the compiler would see through `#if` differently: a use under
    `#if os(Linux)` is reported like any other (allowlist it).
A name of FaultSim's own that collides with a newer toolchain name (a nested
`Job`, an `Instant.init(offset:)`) is reported; it belongs in the allowlist,
with the reason. None does at the declared minimums.

  scripts/check-availability.py [--package FILE] [--allowlist FILE] [--graphs DIR] [DIR...]
  scripts/check-availability.py --self-test [--graphs DIR]

DIR defaults to Sources, Benchmarks and Tests (every target of Package.swift).
--graphs DIR keeps the toolchain's symbol graphs there (extracted when DIR is
empty or missing, read otherwise), so several runs extract them once.
--self-test runs the script on scripts/availability-fixtures (the uses marked
`expect:` must be reported and no other; one allowlist entry silences a use,
one is stale and must be reported), and on Sources against a copy of
Package.swift lowered to macOS 13 / iOS 16, where Mutex and TaskExecutor
must be reported.

Exit status: 0 clean, 1 uses found (or a stale allowlist entry), 64 usage,
66 a file or the symbol-graph tool missing.
"""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
# SwiftPM's deployment targets for a platform `platforms:` does not name
# (tools version 6.0).
SWIFTPM_DEFAULTS = {"macOS": (10, 13), "iOS": (12, 0), "tvOS": (12, 0), "watchOS": (4, 0), "visionOS": (1, 0)}
MODULES = ["Swift", "Synchronization", "Dispatch", "Testing", "XCTest", "Foundation", "FoundationEssentials"]
# The host's triple: the Apple availability in the graphs is the same on every Linux.
TARGET = platform.machine() + "-unknown-linux-gnu"


def version_text(version):
    """13.0 for (13, 0, 0) and (13,); 26.4.1 for (26, 4, 1)."""
    parts = list(version) + [0] * (2 - len(version))
    while len(parts) > 2 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(part) for part in parts)


def parse_version(text):
    return tuple(int(part) for part in text.split("."))


def declared_minimums(package_path):
    """The `platforms:` of Package.swift, with SwiftPM's defaults for the rest."""
    with open(package_path, encoding="utf-8") as handle:
        text = handle.read()
    text = re.sub(r"//[^\n]*", "", text)
    match = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    minimums = dict(SWIFTPM_DEFAULTS)
    if match is None:
        return minimums
    for platform, enum_version, string_version in re.findall(
        r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*(?:\.v([0-9_]+)|\"([0-9.]+)\")\s*\)", match.group(1)
    ):
        minimums[platform] = parse_version((enum_version.replace("_", ".")) or string_version)
    return minimums


def swift_tool(name):
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    tool = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
    return tool if os.path.exists(tool) else shutil.which(name)


def extract_symbol_graphs(directory):
    tool = swift_tool("swift-symbolgraph-extract")
    if tool is None:
        print("check-availability: swift-symbolgraph-extract not found next to swift", file=sys.stderr)
        sys.exit(66)
    processes = []
    for module in MODULES:
        out = os.path.join(directory, module)
        os.makedirs(out)
        command = [tool, "-module-name", module, "-target", TARGET, "-minimum-access-level", "public",
                   "-include-spi-symbols", "-skip-synthesized-members", "-output-dir", out]
        processes.append((module, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)))
    for module, process in processes:
        _, error = process.communicate()
        if process.returncode != 0:
            print(f"check-availability: symbol graph of {module} failed:\n{error.decode()}", file=sys.stderr)
            sys.exit(66)


def introductions(symbol):
    """{platform: version} from a symbol's availability, Apple platforms only."""
    result = {}
    for entry in symbol.get("availability") or []:
        if entry.get("domain") in PLATFORMS and "introduced" in entry:
            intro = entry["introduced"]
            result[entry["domain"]] = (intro.get("major", 0), intro.get("minor", 0), intro.get("patch", 0))
    return result


def load_symbols(directory):
    """(parent, base name) -> [(argument labels or None, {platform: version})], one per overload."""
    groups = {}
    for root, _, files in os.walk(directory):
        for name in sorted(files):
            if not name.endswith(".symbols.json"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as handle:
                graph = json.load(handle)
            by_path = {}
            for symbol in graph["symbols"]:
                by_path.setdefault(tuple(symbol["pathComponents"]), symbol)
            for symbol in graph["symbols"]:
                path = symbol["pathComponents"]
                intro = introductions(symbol)
                # A member without its own availability has its type's.
                prefix = tuple(path[:-1])
                while not intro and prefix:
                    parent = by_path.get(prefix)
                    intro = introductions(parent) if parent else {}
                    prefix = prefix[:-1]
                base, parenthesis, arguments = path[-1].partition("(")
                if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", base):
                    continue  # operators, subscripts
                labels = tuple(label for label in arguments.rstrip(")").split(":") if label) if parenthesis else None
                key = (path[-2] if len(path) > 1 else None, base)
                groups.setdefault(key, []).append((labels, {p: intro.get(p, (0,)) for p in PLATFORMS}))
    return groups


def earliest(overloads, label):
    """The earliest introduction, per platform, of the overloads a call with this first label can mean."""
    candidates = overloads
    if label is not None:
        matching = [o for o in overloads if o[0] is None or (label in o[0] if label != "" else True)]
        candidates = matching or overloads
    return {p: min(o[1][p] for o in candidates) for p in PLATFORMS}


def late_platforms(introduced, minimums):
    return {p: v for p, v in introduced.items() if v > minimums[p] + (0,) * (3 - len(minimums[p]))}


def blank_comments_and_strings(text):
    """The text with comments and string literals replaced by spaces, lines kept."""
    out = []
    i = 0
    n = len(text)
    depth = 0  # nesting of /* */
    while i < n:
        if depth:
            if text.startswith("*/", i):
                depth -= 1
                out.append("  ")
                i += 2
            elif text.startswith("/*", i):
                depth += 1
                out.append("  ")
                i += 2
            else:
                out.append("\n" if text[i] == "\n" else " ")
                i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            depth = 1
            out.append("  ")
            i += 2
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append("".join("\n" if c == "\n" else " " for c in text[i:end]))
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (min(j, n) - i - 1))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
AVAILABILITY = re.compile(r"(@available|#available)\s*\(([^)]*)\)")


def granted(arguments):
    """{platform: version} granted by an availability spec, or None if it grants nothing."""
    result = {}
    parts = [part.strip() for part in arguments.split(",")]
    if parts and parts[0] in PLATFORMS and len(parts) > 1 and parts[1].startswith("introduced:"):
        version = parts[1].split(":", 1)[1].strip()
        return {parts[0]: parse_version(version)}
    for part in parts:
        match = re.fullmatch(r"(macOS|iOS|tvOS|watchOS|visionOS)\s+([0-9.]+)", part)
        if match:
            result[match.group(1)] = parse_version(match.group(2))
    return result or None


def indentation(line):
    return len(line) - len(line.lstrip(" "))


def availability_scopes(lines):
    """[(first line, last line, {platform: version})], 0-based, inclusive."""
    scopes = []
    for number, line in enumerate(lines):
        for match in AVAILABILITY.finditer(line):
            grant = granted(match.group(2))
            if grant is None:
                continue
            indent = indentation(line)
            last = number
            if match.group(1) == "@available":
                # The declaration: its attribute and header lines, its body
                # (deeper lines), up to its closing brace at this indentation.
                seen_declaration = not line.strip().startswith("@") or line.rstrip().endswith("{")
                for later in range(number + 1, len(lines)):
                    text = lines[later]
                    if not text.strip():
                        last = later
                        continue
                    if indentation(text) > indent:
                        last = later
                        continue
                    if indentation(text) < indent:
                        break
                    stripped = text.strip()
                    if not seen_declaration:
                        last = later
                        seen_declaration = not stripped.startswith("@")
                        continue
                    if stripped[0] in ")]":
                        last = later
                        continue
                    if stripped.startswith("}"):
                        last = later
                    break
            elif re.search(r"\bguard\b[^#]*#available", line):
                # The rest of the enclosing block.
                for later in range(number + 1, len(lines)):
                    if lines[later].strip() and indentation(lines[later]) < indent:
                        break
                    last = later
            else:
                # The `if`/`while` body: deeper lines, up to the `}` at this indentation.
                for later in range(number + 1, len(lines)):
                    text = lines[later]
                    if text.strip() and indentation(text) <= indent:
                        break
                    last = later
            scopes.append((number, last, grant))
    return scopes


KEYWORDS = {"async", "await", "any", "some", "throws", "rethrows", "init", "self", "Self", "Type", "consume", "copy", "discard", "each", "repeat", "borrowing", "consuming", "isolated", "sending", "nonisolated"}


def patterns(groups, minimums):
    """[(first identifier, compiled head, symbol text, overloads)] for names late on some platform."""
    result = []
    for (parent, base), overloads in sorted(groups.items(), key=lambda item: (item[0][0] or "", item[0][1])):
        if not any(late_platforms(introduced, minimums) for _, introduced in overloads):
            continue
        if parent is None:
            if base in KEYWORDS:
                continue  # the deprecated top-level `async(...)` is not the keyword
            head = r"(?<![A-Za-z0-9_.])" + base + r"(?![A-Za-z0-9_])"
        elif base == "init":
            head = r"(?<![A-Za-z0-9_.])" + parent + r"(?:\s*\.\s*init)?(?=\s*\()"
        else:
            head = r"(?<![A-Za-z0-9_.])" + parent + r"\s*\.\s*" + base + r"(?![A-Za-z0-9_])"
        result.append((parent or base, re.compile(head), (parent + "." if parent else "") + base, overloads))
    return result


CALL = re.compile(r"\s*\(\s*(?:([A-Za-z_][A-Za-z0-9_]*)\s*:|(\)))?")


def call_label(line, end):
    """The first argument label of a call starting at `end`: a name, "_" (unlabelled), "" (no
    arguments), or None when there is no parenthesis (a reference, a type, a trailing closure)."""
    match = CALL.match(line, end)
    if match is None:
        return None
    if match.group(1):
        return match.group(1)
    return "" if match.group(2) else "_"


def read_allowlist(path):
    entries = {}
    if path is None or not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = re.fullmatch(r"(\S+)\s+(\S+)\s+--\s+(.+)", line)
            if match is None:
                print(f"{path}:{number}: expected `path symbol -- reason`, got: {line}", file=sys.stderr)
                sys.exit(64)
            entries[(match.group(1), match.group(2))] = [f"{path}:{number}", False]
    return entries


def uses_in_line(line, by_word, minimums):
    """[(symbol text, {platform: version past its minimum})] of the late names a line uses."""
    uses = []
    positions = set()  # a type and its initialiser start at the same place: one use
    for word in sorted(set(IDENTIFIER.findall(line)) & by_word.keys()):
        for pattern, name, overloads in by_word[word]:
            for match in pattern.finditer(line):
                if match.start() in positions:
                    continue
                label = call_label(line, match.end())
                late = late_platforms(earliest(overloads, label), minimums)
                if not late:
                    continue
                positions.add(match.start())
                if label is not None and any(labels is not None for labels, _ in overloads):
                    uses.append((name + "(" + (label + ":" if label else "") + ")", late))
                else:
                    uses.append((name, late))
    return uses


def check(directories, minimums, groups, allowlist):
    found = []
    by_word = {}
    for word, pattern, name, overloads in patterns(groups, minimums):
        by_word.setdefault(word, []).append((pattern, name, overloads))
    for directory in directories:
        for root, dirs, files in os.walk(directory):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(root, name)
                shown_path = os.path.relpath(path, ROOT) if path.startswith(ROOT) else path
                with open(path, encoding="utf-8") as handle:
                    lines = blank_comments_and_strings(handle.read()).split("\n")
                scopes = availability_scopes(lines)
                for number, line in enumerate(lines):
                    covering = dict(minimums)
                    for first, last, grant in scopes:
                        if first <= number <= last:
                            for platform, version in grant.items():
                                covering[platform] = max(covering[platform], version)
                    for shown, late in uses_in_line(line, by_word, minimums):
                        missing = {p: v for p, v in late.items() if v > covering[p] + (0,) * (3 - len(covering[p]))}
                        if not missing:
                            continue
                        entry = allowlist.get((shown_path, shown))
                        if entry is not None:
                            entry[1] = True
                            continue
                        detail = ", ".join(
                            f"{p} {version_text(v)} > minimum {version_text(minimums[p])}" for p, v in missing.items()
                        )
                        found.append(f"{shown_path}:{number + 1}: {shown} (introduced {detail})")
    return found


def run(package, directories, allowlist_path, groups):
    minimums = declared_minimums(package)
    allowlist = read_allowlist(allowlist_path)
    found = check(directories, minimums, groups, allowlist)
    stale = [f"{where}: allowlisted {symbol} in {path} is not used there any more" for (path, symbol), (where, used) in allowlist.items() if not used]
    return minimums, found, stale


def self_test(groups):
    fixtures = os.path.join(ROOT, "scripts", "availability-fixtures")
    failures = []
    # The fixture: each line marked `// expect: Symbol` must be reported, no other.
    expected = set()
    for root, _, files in os.walk(fixtures):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as handle:
                    for number, line in enumerate(handle, 1):
                        match = re.search(r"// expect: (\S+)", line)
                        if match:
                            expected.add((os.path.relpath(path, ROOT), number, match.group(1)))
    _, found, stale = run(
        os.path.join(fixtures, "Package.swift"), [os.path.join(fixtures, "Sources")], os.path.join(fixtures, "allowlist.txt"), groups
    )
    if len(stale) != 1 or "NoLongerUsed" not in stale[0]:
        failures.append(f"the fixture allowlist's stale entry (NoLongerUsed) not reported as exactly one stale entry: {stale}")
    reported = set()
    for line in found:
        match = re.match(r"(.+?):(\d+): (\S+) ", line)
        reported.add((match.group(1), int(match.group(2)), match.group(3)))
    for item in sorted(expected - reported):
        failures.append(f"not reported: {item[0]}:{item[1]}: {item[2]}")
    for item in sorted(reported - expected):
        failures.append(f"reported but not expected: {item[0]}:{item[1]}: {item[2]}")
    print(f"self-test: fixture: {len(reported & expected)} of {len(expected)} expected uses reported, {len(reported - expected)} unexpected")
    # The real sources against lowered minimums: Mutex and the task executors must show up.
    with tempfile.TemporaryDirectory() as directory:
        lowered = os.path.join(directory, "Package.swift")
        with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
            text = handle.read()
        text = re.sub(r"platforms:\s*\[[^\]]*\]", "platforms: [.macOS(.v13), .iOS(.v16)]", text)
        with open(lowered, "w", encoding="utf-8") as handle:
            handle.write(text)
        _, found, _ = run(lowered, [os.path.join(ROOT, "Sources")], None, groups)
    # The runtime starts its tasks with Task.detached(executorPreference:),
    # a member the scan does not see; TaskExecutor, its conformance, it does.
    for symbol in ("Mutex", "TaskExecutor"):
        if not any(f": {symbol} (" in line for line in found):
            failures.append(f"lowered to macOS 13: {symbol} not reported in Sources")
    print(f"self-test: Sources against macOS 13 / iOS 16: {len(found)} uses reported")
    for failure in failures:
        print(f"self-test FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


def main(arguments):
    package = os.path.join(ROOT, "Package.swift")
    allowlist = os.path.join(ROOT, "scripts", "availability-allowlist.txt")
    directories = []
    selftest = False
    graphs = None
    i = 0
    while i < len(arguments):
        argument = arguments[i]
        if argument in ("--package", "--allowlist", "--graphs") and i + 1 < len(arguments):
            if argument == "--package":
                package = arguments[i + 1]
            elif argument == "--graphs":
                graphs = arguments[i + 1]
            else:
                allowlist = arguments[i + 1]
            i += 2
            continue
        if argument == "--self-test":
            selftest = True
        elif argument in ("-h", "--help"):
            print(__doc__)
            return 0
        elif argument.startswith("-"):
            print(f"check-availability: unknown option {argument}\n{__doc__}", file=sys.stderr)
            return 64
        else:
            directories.append(argument)
        i += 1
    for path in [package] + directories:
        if not os.path.exists(path):
            print(f"check-availability: {path}: no such file or directory", file=sys.stderr)
            return 66
    if graphs is not None:
        # Extracted once, read by every run that names the same directory.
        if not os.path.isdir(graphs) or not os.listdir(graphs):
            os.makedirs(graphs, exist_ok=True)
            extract_symbol_graphs(graphs)
        groups = load_symbols(graphs)
    else:
        with tempfile.TemporaryDirectory() as directory:
            extract_symbol_graphs(directory)
            groups = load_symbols(directory)
    if selftest:
        return self_test(groups)
    directories = directories or [os.path.join(ROOT, name) for name in ("Sources", "Benchmarks", "Tests")]
    minimums, found, stale = run(package, directories, allowlist, groups)
    late = sum(1 for overloads in groups.values() if any(late_platforms(i, minimums) for _, i in overloads))
    print(
        "minimums: " + ", ".join(f"{p} {version_text(minimums[p])}" for p in PLATFORMS)
        + f"; {len(groups)} toolchain names read, {late} of them newer than a minimum"
    )
    for line in found + stale:
        print(line)
    if found or stale:
        print(
            f"check-availability: {len(found)} use(s) of APIs newer than Package.swift's minimums"
            + (f", {len(stale)} stale allowlist entry(ies)" if stale else "")
            + ": put them under @available/if #available, or list a name collision in scripts/availability-allowlist.txt with its reason",
            file=sys.stderr,
        )
        return 1
    print(f"no use of an API newer than the declared minimums in {', '.join(os.path.relpath(d, ROOT) for d in directories)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
