#!/usr/bin/env python3
"""Lists the library's public declarations that have no doc comment.

Reads the symbol graph the compiler writes (scripts/build-docs.sh makes it)
and exits 1 when a public declaration written in the sources has no `///`
comment, listing each as `file:line: Type.member`. Not counted: what the
compiler synthesises (Hashable, RawRepresentable members) and witnesses of
requirements of FaultSim's own protocols, whose documentation DocC takes
from the requirement (a world's `worldName`, a draw identity's `entity`).
Witnesses of standard-library requirements (`description`, `<`) are
counted: DocC has no documentation of its own to give them.

  scripts/check-api-docs.py SYMBOL_GRAPH_DIR [--list]

Exit status: 0 when every public declaration is documented, 1 when one is
not, 64 for a usage error, 66 when the directory holds no symbol graph.
"""
import json
import os
import sys


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    directory = sys.argv[1]
    if not os.path.isfile(os.path.join(directory, "FaultSim.symbols.json")):
        print(f"check-api-docs: no FaultSim.symbols.json in {directory}", file=sys.stderr)
        return 66
    # The module's graph, and those of its extensions to other modules'
    # types (FaultSim@Swift.symbols.json), when it has any.
    graph = {"symbols": [], "relationships": []}
    for name in sorted(os.listdir(directory)):
        if name == "FaultSim.symbols.json" or (name.startswith("FaultSim@") and name.endswith(".symbols.json")):
            with open(os.path.join(directory, name), encoding="utf-8") as handle:
                part = json.load(handle)
            graph["symbols"] += part["symbols"]
            graph["relationships"] += part["relationships"]
    symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
    # Names of requirements of FaultSim's own protocols, by protocol.
    requirements = {}
    for relation in graph["relationships"]:
        if relation["kind"] == "requirementOf" and relation["source"] in symbols:
            requirements.setdefault(relation["target"], set()).add(symbols[relation["source"]]["names"]["title"])
    # The protocols each type conforms to, and each member's parent.
    conforms = {}
    parent = {}
    for relation in graph["relationships"]:
        if relation["kind"] == "conformsTo":
            conforms.setdefault(relation["source"], set()).add(relation["target"])
        elif relation["kind"] == "memberOf":
            parent[relation["source"]] = relation["target"]

    def witnessed(symbol, precise):
        title = symbol["names"]["title"]
        owner = parent.get(precise)
        for protocol in conforms.get(owner, ()):
            if title in requirements.get(protocol, ()):
                return True
        return False

    missing = []
    public = 0
    for precise, symbol in symbols.items():
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in precise or "location" not in symbol:
            continue
        public += 1
        lines = symbol.get("docComment", {}).get("lines", [])
        if any(line["text"].strip() for line in lines):
            continue
        if witnessed(symbol, precise):
            continue
        location = symbol["location"]
        file = location["uri"].split("/Sources/", 1)[-1]
        missing.append(f"Sources/{file}:{location['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}")
    missing.sort()
    if "--list" in sys.argv or missing:
        for line in missing:
            print(line)
    print(f"{public} public declarations in the sources, {len(missing)} without a doc comment")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
