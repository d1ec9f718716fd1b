#!/usr/bin/env python3
"""Checks the JSON Schema of scenario files with a real JSON Schema validator
(Python's `jsonschema`), independently of FaultSim's own reader:

1. the schema is a valid draft 2020-12 schema (checked against the
   metaschema);
2. every shipped scenario (scenarios/*.json) and every fixture in
   Tests/FaultSimTests/Fixtures/schema/valid is valid, and every fixture in
   .../schema/invalid is rejected -- and faultsim agrees on each fixture;
3. differentially, on mutations of every shipped scenario and valid fixture
   (each value replaced by values of other types and ranges, each key
   removed or misspelt): whatever `faultsim check` accepts, the schema
   accepts too (the schema is never stricter than FaultSim), and it rejects
   most of what faultsim rejects (what it cannot express -- rules across
   keys, the bounds and resolution of durations -- is counted).

Usage: check-scenario-schema.py <faultsim binary>
Exit 0: all good; 1: a check failed.
"""
import copy, glob, json, os, subprocess, sys, tempfile

import jsonschema

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(sys.argv[1])
fixtures = os.path.join(root, "Tests/FaultSimTests/Fixtures/schema")
failures = []

with open(os.path.join(root, "schemas/faultsim-scenario.schema.json")) as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
print("schema: valid draft 2020-12 (jsonschema %s)" % __import__("importlib.metadata").metadata.version("jsonschema"))


def faultsim_accepts(paths):
    """faultsim check's verdict per file: True for 'ok'."""
    verdicts = {}
    for start in range(0, len(paths), 300):
        batch = paths[start:start + 300]
        run = subprocess.run([binary, "check"] + batch, capture_output=True, text=True)
        expected = set(batch)
        for line in run.stdout.splitlines():
            path = line.split(":", 1)[0]
            if path in expected:
                verdicts[path] = line.startswith(path + ": ok (")
    missing = [path for path in paths if path not in verdicts]
    if missing:
        failures.append("faultsim check printed no verdict for %s" % missing[:3])
    return verdicts


def first_error(document):
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    return None if error is None else "%s: %s" % ("/".join(map(str, error.absolute_path)) or "(top level)", error.message)


shipped = sorted(glob.glob(os.path.join(root, "scenarios/*.json")))
valid = sorted(glob.glob(os.path.join(fixtures, "valid/*.json")))
invalid = sorted(glob.glob(os.path.join(fixtures, "invalid/*.json")))
verdicts = faultsim_accepts(shipped + valid + invalid)
for path in shipped + valid:
    error = first_error(json.load(open(path)))
    if error:
        failures.append("%s: rejected by the schema: %s" % (os.path.relpath(path, root), error))
    if not verdicts.get(path, True):
        failures.append("%s: rejected by faultsim check" % os.path.relpath(path, root))
for path in invalid:
    error = first_error(json.load(open(path)))
    if error is None:
        failures.append("%s: accepted by the schema" % os.path.relpath(path, root))
    if verdicts.get(path, False):
        failures.append("%s: accepted by faultsim check" % os.path.relpath(path, root))
print("%d shipped scenarios and %d valid fixtures accepted, %d invalid fixtures rejected, by the schema and by faultsim"
      % (len(shipped), len(valid), len(invalid)))

# Mutations.
replacements = ["x", True, 1.5, -1, 0, 1e30, {}, [], None, "1.5ns", "10d", 2, 1000000000000, 0.5,
                "unlimited", "-1s", "25h", "5ms"]


def members(node, prefix):
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + [key], value
            yield from members(value, prefix + [key])
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield prefix + [index], value
            yield from members(value, prefix + [index])


def at(document, path):
    for step in path[:-1]:
        document = document[step]
    return document


with tempfile.TemporaryDirectory() as work:
    mutants = []
    for source in shipped + valid:
        document = json.load(open(source))
        for path, value in list(members(document, [])):
            changed = []
            for replacement in replacements:
                mutant = copy.deepcopy(document)
                at(mutant, path)[path[-1]] = replacement
                changed.append(mutant)
            if isinstance(path[-1], str):
                mutant = copy.deepcopy(document)
                del at(mutant, path)[path[-1]]
                changed.append(mutant)
                mutant = copy.deepcopy(document)
                parent = at(mutant, path)
                parent[path[-1] + "x"] = parent.pop(path[-1])
                changed.append(mutant)
            for mutant in changed:
                name = os.path.join(work, "%06d.json" % len(mutants))
                with open(name, "w") as out:
                    json.dump(mutant, out)
                mutants.append((name, mutant, source, path))
    verdicts = faultsim_accepts([name for name, _, _, _ in mutants])
    both = schema_only_accepts = 0
    for name, mutant, source, path in mutants:
        accepted = verdicts.get(name)
        error = first_error(mutant)
        if accepted and error:
            failures.append("a mutation of %s at %s that faultsim accepts is rejected by the schema: %s"
                            % (os.path.relpath(source, root), path, error))
        elif accepted is False and error is None:
            schema_only_accepts += 1
        elif accepted is False:
            both += 1
    print("%d mutations: none that faultsim accepts is rejected by the schema; of the %d that faultsim rejects, "
          "the schema rejects %d and accepts %d (rules across keys, bounds and resolution of durations)"
          % (len(mutants), both + schema_only_accepts, both, schema_only_accepts))

for failure in failures[:40]:
    print("FAIL: " + failure)
if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("ok")
