#!/usr/bin/env bash
# What a real shell offers when the user presses Tab after a command line,
# with a completion script loaded the way users load it: the test harness of
# `faultsim completions bash|zsh|fish` (Tests/FaultSimCLITests/Completions/CompletionScriptTests.swift).
#
#   Tests/Completions/complete.sh SHELL SCRIPT LINE...
#
# Runs in the current directory (file names are completed there) and prints,
# for each LINE, a line '>> LINE' and then the candidates one per line,
# sorted, without descriptions (bash: as often as COMPREPLY holds each, so a
# name offered twice shows twice).
#   bash  sources SCRIPT, finds the function `complete -p faultsim` names, and
#         calls it with COMP_WORDS/COMP_CWORD split as readline splits them
#         (at spaces, and at '=', which is in COMP_WORDBREAKS).
#   zsh   installs SCRIPT as _faultsim on $fpath (or, with
#         ZSH_LOAD=source, sources it after compinit), runs compinit in an
#         interactive zsh on a pseudo-terminal (zpty) and types LINE and Tab;
#         a compadd wrapper records what the completion functions add.
#   fish  sources SCRIPT and asks `complete -C LINE`.
# Exit status: 0 with the candidates; 3 if the shell is missing; 2 if the
# completion did not run (the reason on standard error).
set -euo pipefail
shell=${1:?usage: complete.sh bash|zsh|fish SCRIPT LINE...}
script=$(cd "$(dirname "${2:?usage: complete.sh SHELL SCRIPT LINE...}")" && pwd)/$(basename "$2")
shift 2
(($# > 0)) || { echo "usage: complete.sh SHELL SCRIPT LINE..." >&2; exit 2; }
command -v "$shell" >/dev/null 2>&1 || { echo "$shell is not installed" >&2; exit 3; }

case $shell in
bash)
  for line in "$@"; do
    echo ">> $line"
    bash --norc --noprofile -c '
      source "$1" || exit 2
      spec=$(complete -p faultsim) || { echo "the script registers no completion for faultsim" >&2; exit 2; }
      function=${spec#*-F }
      function=${function%% *}
      line=${2//=/ = }
      read -r -a COMP_WORDS <<<"$line"
      if [[ -z $line || $line == *" " ]]; then COMP_WORDS+=(""); fi
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE=$2
      COMP_POINT=${#2}
      COMPREPLY=()
      "$function" faultsim "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      ((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}"
    ' complete "$script" "$line" | LC_ALL=C sort
  done
  ;;
zsh)
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir "$work/functions"
  if [[ ${ZSH_LOAD:-fpath} == source ]]; then
    load="source ${script@Q}"
  else
    cp "$script" "$work/functions/_faultsim"
    load=
  fi
  cat >"$work/setup.zsh" <<EOF
PS1='' RPS1=''
fpath=($work/functions \$fpath)
autoload -U compinit && compinit -u -d $work/zcompdump
$load
# Tab completes, then says it is done.
faultsim-complete-word() {
  zle complete-word
  : >$work/done
}
zle -N faultsim-complete-word
bindkey '^I' faultsim-complete-word
# Record the words each completion function adds that match what is typed;
# calls that only ask (-O, -A, -D) are the completion system's own.
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
    builtin compadd "\$@"
    return
  fi
  local -a hits
  builtin compadd -O hits "\$@"
  (( \$#hits )) && print -rl -- \$hits >>$work/hits
  builtin compadd "\$@"
}
EOF
  # One interactive zsh for every line: Ctrl-U empties the line, then the
  # line is typed with a Tab, and the wrapper above records the candidates.
  zsh -f -c '
    zmodload zsh/zpty || exit 2
    work=$1
    shift
    zpty faultsim_test zsh -f -i
    zpty -w faultsim_test "source ${(q)work}/setup.zsh"
    for line in "$@"; do
      rm -f $work/done $work/hits
      zpty -w -n faultsim_test $'"'"'\C-u'"'"'"$line"$'"'"'\t'"'"'
      for i in {1..200}; do
        [[ -e $work/done ]] && break
        sleep 0.05
      done
      if [[ ! -e $work/done ]]; then
        print -u2 "zsh did not complete ${(q)line} within 10 seconds"
        zpty -d faultsim_test
        exit 2
      fi
      print -r -- ">> $line"
      [[ -e $work/hits ]] && LC_ALL=C sort -u $work/hits
    done
    zpty -d faultsim_test
  ' complete "$work" "$@"
  ;;
fish)
  for line in "$@"; do
    echo ">> $line"
    # fish offers '--format=json' for '--format=j': keep what follows the '='
    # as the other shells do.
    word=${line##* }
    strip=
    if [[ $word == *=* ]]; then strip=${word%%=*}=; fi
    fish --no-config -c 'source $argv[1]; or exit 2; complete -C $argv[2]' "$script" "$line" | cut -f1 |
      while IFS= read -r candidate; do printf '%s\n' "${candidate#"$strip"}"; done | LC_ALL=C sort -u
  done
  ;;
*)
  echo "unknown shell '$shell'; use bash, zsh or fish" >&2
  exit 2
  ;;
esac
