#!/usr/bin/env python3
"""Lists the library's public declarations that have no doc comment.

Reads the symbol graph the compiler writes (scripts/build-docs.sh makes it)
and exits 1 when a public declaration written in the sources has no `///`
comment. Not counted: what the compiler synthesises (Hashable, RawRepresentable
members) and witnesses of protocol requirements, whose documentation DocC takes
from the requirement (`description` of CustomStringConvertible, the members a
type declares to conform to one of FaultSim's own protocols).

  scripts/check-api-docs.py SYMBOL_GRAPH_DIR [--list]
"""
import json
import os
import sys

# Requirements of standard-library and Foundation protocols that types witness.
STANDARD_WITNESSES = {
    "description", "debugDescription", "hashValue", "hash(into:)", "==(_:_:)", "<(_:_:)", "<=(_:_:)",
    ">(_:_:)", ">=(_:_:)", "init(rawValue:)", "rawValue", "next()", "makeIterator()", "errorDescription",
    "init(integerLiteral:)", "init(stringLiteral:)", "init(from:)", "encode(to:)", "allCases", "id",
    "startIndex", "endIndex", "index(after:)", "subscript(_:)", "count", "isEmpty",
}


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    directory = sys.argv[1]
    path = os.path.join(directory, "FaultSim.symbols.json")
    with open(path, encoding="utf-8") as handle:
        graph = json.load(handle)
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
        if title in STANDARD_WITNESSES:
            return True
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
        if symbol.get("docComment"):
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
