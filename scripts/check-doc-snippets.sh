#!/usr/bin/env bash
# Checks that the examples in FaultSim's Markdown run, so that a document
# cannot promise code that does not compile, a command that does not work or
# output that the program no longer prints.
#
# Every fenced block of every Markdown file in the repository (README.md,
# docs/**, Benchmarks/README.md; or the files given) is one of:
#
#   ```swift        compiled against the library in a temporary package
#                   outside the repository that depends on FaultSim by path
#                   (.package(path:)): each snippet is its own target, built
#                   in debug as a user's `swift test` is, warnings as errors.
#                   A snippet that imports Testing (or has @Test) is a test
#                   file and RUNS with `swift test`; any other is a program
#                   (top-level code) and runs too. Both run in an empty
#                   directory, so a snippet that needs the repository's
#                   files fails.
#   ```sh, bash, shell, zsh
#                   runs with `bash -euo pipefail` in a fresh temporary
#                   directory holding a copy of scenarios/, with
#                   .build/release first on PATH: `faultsim` in examples is
#                   the built binary (run `swift build -c release` first).
#   ```text, console, csv, json, yaml, mermaid
#                   output or data: not run, counted.
#
# A fence without a language, or with another one, fails the check: a new
# shell or Swift block cannot slip through unchecked.
#
# Markers are HTML comments (GitHub does not show them) on the lines directly
# above the opening fence, no blank line between:
#
#   <!-- illustrative: REASON -->
#       The block is not compiled or run (a recipe for a cluster, a long
#       benchmark). The reason is required; the report lists every such
#       block with it.
#   <!-- swift-frame: NAME -->
#       The Swift block is a fragment: it is pasted into
#       scripts/doc-snippets/frames/NAME.swift in place of the line
#       `// snippet`, indented as that line is.
#   <!-- shell-env: NAME=VALUE ... -->
#       Variables set for the shell block (what a batch scheduler would set).
#   <!-- shell-reduce: FROM => TO -->
#       The shell block runs with every FROM replaced by TO, e.g. a seed
#       range cut to a size that runs in seconds. FROM must occur in the
#       block; the report lists every reduction.
#   <!-- output -->
#       On a text/console/csv block: its lines must appear in what the
#       nearest code block above it (in the same file) printed, as one run of
#       consecutive lines; a line that is only `…` stands for any number of
#       lines. Trailing spaces do not count.
#
# A known marker that is not directly above a fence, or an unknown marker
# directly above one, fails the check.
#
# Usage: bash scripts/check-doc-snippets.sh [--extract-only] [--keep] [FILE.md ...]
#   --extract-only  check fences and markers only: no build, nothing run
#   --keep          keep the temporary package and directories, and say where
# Environment:
#   DOC_SNIPPETS_TIMEOUT  seconds allowed for each program, shell block and
#                         test snippet (default 300)
#   DOC_SNIPPETS_PACKAGE  where to write the temporary package (default: a
#                         new temporary folder). A folder kept between runs
#                         keeps its .build, so FaultSim is not rebuilt: the
#                         next check takes seconds. It must not be inside the
#                         repository.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd -P)
frames="$repo/scripts/doc-snippets/frames"
timeout_seconds=${DOC_SNIPPETS_TIMEOUT:-300}
extract_only=0
keep=0
files=()
for argument in "$@"; do
  case "$argument" in
  --extract-only) extract_only=1 ;;
  --keep) keep=1 ;;
  --help | -h)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  -*)
    echo "error: unknown option '$argument'; see --help" >&2
    exit 64
    ;;
  *) files+=("$argument") ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  cd "$repo"
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    while IFS= read -r file; do files+=("$file"); done < <(git ls-files -- '*.md' | LC_ALL=C sort)
  else
    while IFS= read -r file; do files+=("${file#./}"); done < <(find . -name '*.md' -not -path './.build/*' | LC_ALL=C sort)
  fi
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "error: no Markdown files to check" >&2
  exit 66
fi
for file in "${files[@]}"; do
  if [ ! -f "$file" ]; then
    echo "error: $file: no such file" >&2
    exit 66
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/faultsim-doc-snippets.XXXXXX")
if [ "$keep" -eq 1 ]; then
  echo "keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/blocks" "$work/out"

failures=0
fail() {
  printf 'FAIL %s\n' "$1"
  failures=$((failures + 1))
}
indent() { sed 's/^/    /'; }

# 1. Extract every fenced block: blocks/N.body (its text, de-indented),
#    blocks/N.markers (one "key" or "key: value" line per marker), and one
#    manifest line "N<TAB>file<TAB>line<TAB>language".
set +e
awk -v out="$work/blocks" '
  function problem(line, message) {
    printf "%s:%d: %s\n", FILENAME, line, message > "/dev/stderr"
    errors++
  }
  function finish_file() {
    if (infence) problem(fenceline, "the fence opened here is never closed")
    for (i = 1; i <= nmarkers; i++) {
      if (known(marker[i])) problem(markerline[i], "marker \"" marker[i] "\" is not directly above a fence")
    }
    infence = 0
    nmarkers = 0
  }
  # "<!-- key: value -->" -> "key: value", "<!-- key -->" -> "key";
  # "" for any other line.
  function marker_of(line,    text) {
    if (line !~ /^[ \t]*<!--.*-->[ \t]*$/) return ""
    text = line
    sub(/^[ \t]*<!--[ \t]*/, "", text)
    sub(/[ \t]*-->[ \t]*$/, "", text)
    if (text !~ /^[a-z][a-z-]*(:.*)?$/) return ""
    return text
  }
  function known(text) {
    return text ~ /^(illustrative|swift-frame|shell-env|shell-reduce):/ || text == "output"
  }
  FNR == 1 { if (NR > 1) finish_file() }
  {
    line = $0
    if (infence) {
      stripped = line
      sub(/^[ \t]*/, "", stripped)
      if (substr(stripped, 1, fencelength) == fence) {
        rest = substr(stripped, fencelength + 1)
        gsub(fencechar, "", rest)
        if (rest ~ /^[ \t]*$/) {
          infence = 0
          close(body)
          next
        }
      }
      for (i = 0; i < indent && substr(line, 1, 1) == " "; i++) line = substr(line, 2)
      print line > body
      next
    }
    text = marker_of(line)
    if (text != "") {
      nmarkers++
      marker[nmarkers] = text
      markerline[nmarkers] = FNR
      next
    }
    if (match(line, /^[ \t]*(```+|~~~+)/)) {
      opening = substr(line, RSTART, RLENGTH)
      indent = opening
      sub(/[`~]+$/, "", indent)
      indent = length(indent)
      fence = substr(opening, indent + 1)
      fencelength = length(fence)
      fencechar = substr(fence, 1, 1)
      info = substr(line, RSTART + RLENGTH)
      if (fencechar == "`" && info ~ /`/) {
        # Not a fence: a code span at the start of a line.
        finish_markers()
        next
      }
      sub(/^[ \t]+/, "", info)
      language = info
      sub(/[ \t{].*$/, "", language)
      language = tolower(language)
      blocks++
      body = out "/" blocks ".body"
      printf "" > body
      markers = out "/" blocks ".markers"
      printf "" > markers
      for (i = 1; i <= nmarkers; i++) {
        if (!known(marker[i])) {
          problem(markerline[i], "unknown marker \"" marker[i] "\" above a fence; known: illustrative, swift-frame, shell-env, shell-reduce, output")
        }
        print marker[i] > markers
      }
      close(markers)
      printf "%d\t%s\t%d\t%s\n", blocks, FILENAME, FNR, language
      infence = 1
      fenceline = FNR
      nmarkers = 0
      next
    }
    finish_markers()
  }
  function finish_markers() {
    for (i = 1; i <= nmarkers; i++) {
      if (known(marker[i])) problem(markerline[i], "marker \"" marker[i] "\" is not directly above a fence")
    }
    nmarkers = 0
  }
  END {
    finish_file()
    exit errors > 0 ? 1 : 0
  }
' "${files[@]}" >"$work/manifest" 2>"$work/extract-errors"
extract_status=$?
set -e
while IFS= read -r message; do fail "$message"; done <"$work/extract-errors"
if [ "$extract_status" -ne 0 ] && [ ! -s "$work/extract-errors" ]; then
  fail "could not read the Markdown files"
fi

# 2. Classify every block and check its markers.
swift_programs=() # "id|target|file:line"
swift_tests=()
shell_blocks=() # "id|file:line"
output_checks=() # "id|file:line|id of the code block above|its file:line"
illustrative=()
reduced=()
data_blocks=0
last_code_file=""
last_code_id=""
last_code_where=""
target_name() { # README.md 212 -> Snippet_README_212
  local name="${1%.md}_$2"
  printf 'Snippet_%s' "${name//[^A-Za-z0-9]/_}"
}
has_only() { # has_only MARKERS_FILE 'regex of allowed lines'
  ! grep -q -v -E "$2" "$1"
}
while IFS=$'\t' read -r id file line language; do
  where="$file:$line"
  markers="$work/blocks/$id.markers"
  marker_keys=$(sed 's/:.*//' "$markers" | LC_ALL=C sort | tr '\n' ' ')
  case "$language" in
  swift) kind=swift ;;
  sh | bash | shell | zsh) kind=shell ;;
  text | console | csv | json | yaml | mermaid) kind=data ;;
  "")
    fail "$where: a fence without a language: say what it is (\`\`\`swift or \`\`\`sh to check it, \`\`\`text for output)"
    continue
    ;;
  *)
    fail "$where: \`\`\`$language is not a language this check knows: swift, sh/bash/shell/zsh (run), text/console/csv/json/yaml/mermaid (not run)"
    continue
    ;;
  esac
  if grep -q '^illustrative:' "$markers"; then
    reason=$(sed -n 's/^illustrative:[[:space:]]*//p' "$markers")
    if [ -z "${reason//[[:space:]]/}" ]; then
      fail "$where: <!-- illustrative: … --> needs a reason"
    elif [ "$marker_keys" != "illustrative " ]; then
      fail "$where: an illustrative block is not run, so it takes no other marker (has: $marker_keys)"
    elif [ "$kind" = data ]; then
      fail "$where: \`\`\`$language is never run; it needs no illustrative marker"
    else
      illustrative+=("$where ($language): $reason")
      last_code_file=$file
      last_code_id=illustrative
      last_code_where=$where
    fi
    continue
  fi
  case "$kind" in
  data)
    if ! has_only "$markers" '^output$'; then
      fail "$where: \`\`\`$language is never run; it takes only the output marker (has: $marker_keys)"
    elif [ -s "$markers" ]; then
      if [ "$language" != text ] && [ "$language" != console ] && [ "$language" != csv ]; then
        fail "$where: <!-- output --> is for text, console or csv blocks, not \`\`\`$language"
      elif [ -z "$last_code_id" ] || [ "$last_code_file" != "$file" ]; then
        fail "$where: <!-- output --> but no code block above it in $file to compare with"
      elif [ "$last_code_id" = illustrative ]; then
        fail "$where: <!-- output --> compares with $last_code_where, which is illustrative and never runs"
      else
        output_checks+=("$id|$where|$last_code_id|$last_code_where")
      fi
    else
      data_blocks=$((data_blocks + 1))
    fi
    ;;
  swift)
    if ! has_only "$markers" '^swift-frame:'; then
      fail "$where: a Swift block takes only swift-frame or illustrative (has: $marker_keys)"
      continue
    fi
    frame=$(sed -n 's/^swift-frame:[[:space:]]*//p' "$markers")
    source="$work/blocks/$id.swift"
    if [ -n "$frame" ]; then
      if [ "$(wc -l <"$markers")" -gt 1 ]; then
        fail "$where: more than one swift-frame"
        continue
      fi
      if [ ! -f "$frames/$frame.swift" ]; then
        known_frames=$(cd "$frames" 2>/dev/null && ls -- *.swift 2>/dev/null | sed 's/\.swift$//' | tr '\n' ' ' || true)
        fail "$where: no frame '$frame' in $frames (frames: ${known_frames:-none})"
        continue
      fi
      if [ "$(grep -c '^[[:space:]]*// snippet$' "$frames/$frame.swift")" -ne 1 ]; then
        fail "$where: frame '$frame' must have exactly one line '// snippet'"
        continue
      fi
      awk -v body="$work/blocks/$id.body" '
        /^[ \t]*\/\/ snippet$/ {
          indent = $0
          sub(/\/\/ snippet$/, "", indent)
          while ((getline text < body) > 0) print (text == "" ? "" : indent text)
          next
        }
        { print }
      ' "$frames/$frame.swift" >"$source"
      frame_line=$(grep -n '^[[:space:]]*// snippet$' "$frames/$frame.swift" | cut -d: -f1)
      frame_indent=$(grep '^[[:space:]]*// snippet$' "$frames/$frame.swift" | sed 's|// snippet$||' | wc -c)
      frame_indent=$((frame_indent - 1))
    else
      cp "$work/blocks/$id.body" "$source"
      frame_line=1
      frame_indent=0
    fi
    target=$(target_name "$file" "$line")
    # For messages: generated line (after a one-line header) -> Markdown line.
    printf '%s\t%d\t%d\t%s\t%d\t%d\n' "$target" $((frame_line + 1)) "$(wc -l <"$work/blocks/$id.body")" \
      "$file" "$line" "$frame_indent" >>"$work/line-map"
    if grep -q -E '^[[:space:]]*(import Testing|@Test)' "$source"; then
      swift_tests+=("$id|$target|$where")
    else
      swift_programs+=("$id|$target|$where")
    fi
    last_code_file=$file
    last_code_id=$id
    last_code_where=$where
    ;;
  shell)
    if ! has_only "$markers" '^(shell-env|shell-reduce):'; then
      fail "$where: a shell block takes only shell-env, shell-reduce or illustrative (has: $marker_keys)"
      continue
    fi
    # The script as it runs (reductions applied) and its environment.
    script=$(cat "$work/blocks/$id.body")
    : >"$work/blocks/$id.env"
    problem=""
    block_reductions=()
    while IFS= read -r marker; do
      case "$marker" in
      shell-reduce:*)
        rule=${marker#shell-reduce:}
        rule=${rule# }
        from=${rule%% => *}
        to=${rule#* => }
        if [ "$from" = "$rule" ] || [ -z "$from" ]; then
          problem="shell-reduce wants 'FROM => TO', got '$rule'"
        elif [[ $script != *"$from"* ]]; then
          problem="shell-reduce: '$from' does not occur in the block, so the reduction would do nothing"
        else
          script=${script//"$from"/"$to"}
          block_reductions+=("$where: $from => $to")
        fi
        ;;
      shell-env:*)
        assignments=${marker#shell-env:}
        if [ -z "${assignments//[[:space:]]/}" ]; then problem="shell-env sets nothing"; fi
        for assignment in $assignments; do
          if [[ $assignment =~ ^[A-Za-z_][A-Za-z0-9_]*=.*$ ]]; then
            printf '%s\n' "$assignment" >>"$work/blocks/$id.env"
          else
            problem="shell-env wants NAME=VALUE, got '$assignment'"
          fi
        done
        ;;
      esac
    done <"$markers"
    if [ -n "$problem" ]; then
      fail "$where: $problem"
      continue
    fi
    printf '%s\n' "$script" >"$work/blocks/$id.sh"
    reduced+=(${block_reductions[@]+"${block_reductions[@]}"})
    shell_blocks+=("$id|$where")
    last_code_file=$file
    last_code_id=$id
    last_code_where=$where
    ;;
  esac
done <"$work/manifest"

swift_count=$((${#swift_programs[@]} + ${#swift_tests[@]}))
summary() {
  local entry
  echo
  echo "doc snippets: ${#files[@]} Markdown files"
  echo "  Swift: $swift_count compiled (${#swift_tests[@]} test files run with swift test, ${#swift_programs[@]} programs run)"
  echo "  shell: ${#shell_blocks[@]} run (${#reduced[@]} reduced)"
  echo "  output blocks compared with what their code printed: ${#output_checks[@]}"
  echo "  illustrative, not run: ${#illustrative[@]}"
  echo "  other output and data blocks, not run: $data_blocks"
  for entry in ${illustrative[@]+"${illustrative[@]}"}; do echo "    illustrative: $entry"; done
  for entry in ${reduced[@]+"${reduced[@]}"}; do echo "    reduced: $entry"; done
  if [ "$failures" -gt 0 ]; then
    echo "doc snippets: $failures FAILED"
  else
    echo "doc snippets: ok"
  fi
}
if [ "$extract_only" -eq 1 ] || [ "$failures" -gt 0 ]; then
  summary
  [ "$failures" -eq 0 ]
  exit
fi

# What SwiftPM, XCTest and Swift Testing print around a test run (Swift
# Testing's symbols on Linux and, as SF Symbols, on macOS).
test_library_lines='^(\[[0-9]+/[0-9]+\] |Build complete|Test Suite |[[:space:]]+Executed [0-9]+ tests?|(◇|✔|✘|↳|⚠|􀟈|􀢄|􁁛|􀄣|􀊯|􀇿) )'

empty_directory() {
  mktemp -d "$work/run.XXXXXX"
}

# 3. Swift: one package, one target per snippet.
if [ "$swift_count" -gt 0 ]; then
  SECONDS=0
  package=${DOC_SNIPPETS_PACKAGE:-$work/package}
  case "$(mkdir -p "$package" && cd "$package" && pwd -P)/" in
  "$repo"/*)
    fail "DOC_SNIPPETS_PACKAGE=$package is inside the repository; the package must be outside it"
    summary
    exit 1
    ;;
  esac
  # A kept package: new sources, the old .build.
  rm -rf "$package/Sources" "$package/Tests"
  identity=$(basename "$repo")
  {
    echo '// swift-tools-version:6.0'
    echo '// Generated by scripts/check-doc-snippets.sh: one target per Swift snippet of the docs.'
    echo 'import PackageDescription'
    echo
    echo "let faultSim: Target.Dependency = .product(name: \"FaultSim\", package: \"$identity\")"
    echo "let testing: [Target.Dependency] = [faultSim, .product(name: \"FaultSimTesting\", package: \"$identity\"), .product(name: \"FaultSimXCTest\", package: \"$identity\")]"
    echo "let foundation: Target.Dependency = .product(name: \"FaultSimFoundation\", package: \"$identity\")"
    echo 'let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]'
    echo 'let package = Package('
    echo '  name: "DocSnippets",'
    echo "  dependencies: [.package(path: \"$repo\")],"
    echo '  targets: ['
    for entry in ${swift_programs[@]+"${swift_programs[@]}"}; do
      IFS='|' read -r id target where <<<"$entry"
      mkdir -p "$package/Sources/$target"
      { echo "// $where"; cat "$work/blocks/$id.swift"; } >"$package/Sources/$target/main.swift"
      # Only a snippet that imports the Foundation adapter links it (and
      # Foundation): the others build as a user's FaultSim-only target does.
      dependencies="[faultSim]"
      if grep -q '^import FaultSimFoundation' "$work/blocks/$id.swift"; then dependencies="[faultSim, foundation]"; fi
      echo "    .executableTarget(name: \"$target\", dependencies: $dependencies, path: \"Sources/$target\", swiftSettings: strict),"
    done
    for entry in ${swift_tests[@]+"${swift_tests[@]}"}; do
      IFS='|' read -r id target where <<<"$entry"
      mkdir -p "$package/Tests/$target"
      { echo "// $where"; cat "$work/blocks/$id.swift"; } >"$package/Tests/$target/Snippet.swift"
      dependencies="testing"
      if grep -q '^import FaultSimFoundation' "$work/blocks/$id.swift"; then dependencies="testing + [foundation]"; fi
      echo "    .testTarget(name: \"$target\", dependencies: $dependencies, path: \"Tests/$target\", swiftSettings: strict),"
    done
    echo '  ],'
    echo '  swiftLanguageModes: [.v6]'
    echo ')'
  } >"$package/Package.swift"
  echo "== Swift snippets: building $swift_count in a package that depends on FaultSim by path"
  if ! timeout 3600 swift build --package-path "$package" --build-tests >"$work/build.log" 2>&1; then
    # Each generated file starts with "// file.md:line", the snippet's origin.
    # Errors in a snippet's lines are shown at their Markdown file and line.
    awk -F '\t' -v buildlog="$work/build.log" '
      FILENAME != buildlog { first[$1] = $2; count[$1] = $3; file[$1] = $4; fence[$1] = $5; shift[$1] = $6; next }
      /^[ \t]*[|`]/ { next }
      /error:|warning:/ {
        line = $0
        if (match(line, /\/(Sources|Tests)\/Snippet_[A-Za-z0-9_]+\/[A-Za-z]+\.swift:[0-9]+:[0-9]+:/)) {
          where = substr(line, RSTART, RLENGTH)
          split(where, parts, "/")
          target = parts[3]
          split(parts[4], position, ":")
          snippet = position[2] - first[target] + 1
          if (target in first && snippet >= 1 && snippet <= count[target]) {
            column = position[3] - shift[target]
            line = file[target] ":" (fence[target] + snippet) ":" (column < 1 ? 1 : column) ":" substr(line, RSTART + RLENGTH)
          }
        }
        if (!seen[line]++) print line
      }
    ' "$work/line-map" FS=' ' "$work/build.log" | head -40 | indent
    fail "the Swift snippets do not build (errors above)"
  else
    echo "   built in ${SECONDS}s"
    for entry in ${swift_programs[@]+"${swift_programs[@]}"}; do
      IFS='|' read -r id target where <<<"$entry"
      SECONDS=0
      directory=$(empty_directory)
      # "; exit" keeps the subshell the parent, so a crash is reported in the output file.
      if (cd "$directory" && SWIFT_BACKTRACE=enable=no timeout "$timeout_seconds" "$package/.build/debug/$target"
        exit) >"$work/out/$id" 2>&1; then
        echo "ok   $where (Swift program, ${SECONDS}s)"
        indent <"$work/out/$id"
      else
        status=$?
        indent <"$work/out/$id"
        fail "$where: the Swift program exits with status $status (output above)"
      fi
    done
    # One `swift test` per snippet, so that each has its own output and time.
    # The test libraries write their lines to standard output outside its
    # buffer, between the snippet's lines, so out/N keeps only the snippet's:
    # the whole log is in out/N.log.
    for entry in ${swift_tests[@]+"${swift_tests[@]}"}; do
      IFS='|' read -r id target where <<<"$entry"
      SECONDS=0
      expected=$(grep -c -E '^[[:space:]]*@Test' "$work/blocks/$id.swift" || true)
      directory=$(empty_directory)
      status=0
      (cd "$directory" && SWIFT_BACKTRACE=enable=no timeout "$timeout_seconds" swift test --package-path "$package" \
        --skip-build --filter "^$target\\."
        exit) >"$work/out/$id.log" 2>&1 || status=$?
      grep -v -E "$test_library_lines" "$work/out/$id.log" >"$work/out/$id" || true
      ran=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$work/out/$id.log" | tail -1)
      if [ "$status" -ne 0 ]; then
        # Issues are shown at their Markdown file and line.
        grep -v -E '^(\[[0-9]+/[0-9]+\]|Test Suite|[[:space:]]+Executed|. Test run started|. Testing Library|. Target Platform)' \
          "$work/out/$id.log" | awk -F '\t' -v target="$target" -v map="$work/line-map" '
          FILENAME == map { if ($1 == target) { first = $2; count = $3; file = $4; fence = $5; shift = $6 }; next }
          {
            line = $0
            if (match(line, /Snippet\.swift:[0-9]+:[0-9]+/)) {
              split(substr(line, RSTART, RLENGTH), position, ":")
              snippet = position[2] - first + 1
              if (snippet >= 1 && snippet <= count) {
                column = position[3] - shift
                line = substr(line, 1, RSTART - 1) file ":" (fence + snippet) ":" (column < 1 ? 1 : column) \
                  substr(line, RSTART + RLENGTH)
              }
            }
            print line
          }
        ' "$work/line-map" - | tail -40 | indent
        fail "$where: the Swift test fails (swift test exits with status $status; output above)"
      elif [ "${ran:-0}" -ne "$expected" ]; then
        fail "$where: the snippet declares $expected @Test functions but swift test ran ${ran:-none}"
      else
        echo "ok   $where (Swift tests, ${SECONDS}s)"
        grep -E '^[^ ]+ Test .*(passed|failed)' "$work/out/$id.log" | grep -v 'Test run with' | indent || true
      fi
    done
  fi
fi

# 4. Shell blocks, each in a fresh directory with a copy of scenarios/.
release="$repo/.build/release"
if [ ${#shell_blocks[@]} -gt 0 ]; then
  echo "== shell blocks (faultsim = $release/faultsim)"
  if [ ! -x "$release/faultsim" ]; then
    fail "$release/faultsim does not exist: run 'swift build -c release' first"
  else
    for entry in "${shell_blocks[@]}"; do
      IFS='|' read -r id where <<<"$entry"
      environment=()
      while IFS= read -r assignment; do environment+=("$assignment"); done <"$work/blocks/$id.env"
      directory=$(empty_directory)
      cp -R "$repo/scenarios" "$directory/scenarios"
      SECONDS=0
      status=0
      (cd "$directory" && env ${environment[@]+"${environment[@]}"} PATH="$release:$PATH" \
        timeout "$timeout_seconds" bash -euo pipefail "$work/blocks/$id.sh"
        exit) >"$work/out/$id" 2>&1 || status=$?
      if [ "$status" -eq 0 ]; then
        echo "ok   $where (shell, ${SECONDS}s)"
      else
        sed 's/^/    $ /' "$work/blocks/$id.sh"
        tail -30 "$work/out/$id" | indent
        fail "$where: the shell block exits with status $status (commands and output above)"
      fi
    done
  fi
fi

# 5. Output blocks against what their code printed.
for entry in ${output_checks[@]+"${output_checks[@]}"}; do
  IFS='|' read -r id where source source_where <<<"$entry"
  if [ ! -f "$work/out/$source" ]; then
    fail "$where: $source_where did not run, so its output cannot be compared"
    continue
  fi
  if mismatch=$(awk -v expected="$work/blocks/$id.body" '
    function trim(text) { sub(/[ \t\r]+$/, "", text); return text }
    BEGIN {
      segments = 1
      while ((getline line < expected) > 0) {
        line = trim(line)
        if (line ~ /^[ \t]*…$/) {
          if (count[segments] > 0) segments++
          continue
        }
        count[segments]++
        want[segments, count[segments]] = line
      }
      if (count[segments] == 0) segments--
      if (segments == 0) {
        printf "the block shows no line to compare\n"
        exit 1
      }
    }
    { actual[++lines] = trim($0) }
    END {
      at = 1
      for (s = 1; s <= segments; s++) {
        found = 0
        for (start = at; start + count[s] - 1 <= lines && !found; start++) {
          matched = 1
          for (k = 1; k <= count[s] && matched; k++) {
            if (actual[start + k - 1] != want[s, k]) matched = 0
          }
          if (matched) {
            found = 1
            at = start + count[s]
          }
        }
        if (!found) {
          printf "no run of printed lines (after the ones matched so far) is:\n"
          for (k = 1; k <= count[s]; k++) printf "  | %s\n", want[s, k]
          exit 1
        }
      }
    }
  ' "$work/out/$source"); then
    echo "ok   $where (output of $source_where)"
  else
    printf '%s\n' "$mismatch" | indent
    echo "    what $source_where printed:"
    head -60 "$work/out/$source" | sed 's/^/      | /'
    fail "$where: the output shown is not what $source_where prints"
  fi
done

summary
[ "$failures" -eq 0 ]
