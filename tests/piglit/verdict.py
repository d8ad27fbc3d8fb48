#!/usr/bin/env python3
"""verdict.py NAMES RESULTS_JSON [BASELINE]: the verdict of a piglit run (run-piglit.sh calls it).

Prints each test's result, the counts per result and the closing "N passed, M failed".
Without a baseline every test is expected to pass. With one (TSV: piglit test name, expected
result, reason; '#' comment lines), a test fails only when its result is worse than expected:
pass -> anything else, and fail/skip/warn/notrun -> crash or timeout. A test missing from the
baseline fails too, so that the baseline stays complete. Results better than expected are listed
as improvements: move the baseline forward. For each regression it prints the test's exit status
and the last lines of its output, so that a crash seen once (e.g. in a fresh root that is removed
afterwards) can still be diagnosed. Exits 1 when anything failed.
"""
import json
import sys

# How bad a result is; a regression is a step to a higher rank.
RANK = {"pass": 0, "warn": 1, "fail": 2, "skip": 2, "notrun": 2, "crash": 3, "timeout": 3}


def read_baseline(path):
    expected = {}
    for number, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 2 or fields[1] not in RANK:
            sys.exit(f"{path}:{number}: expected 'name<TAB>result<TAB>reason', result one of {', '.join(RANK)}")
        expected[fields[0]] = fields[1]
    return expected


def output_tail(test, lines=15):
    """The exit status and the last lines of a test's stderr and stdout, indented."""
    text = [f"    exit status {test.get('returncode')}"]
    for stream in ("err", "out"):
        tail = (test.get(stream) or "").rstrip("\n").split("\n")[-lines:]
        text += [f"    {stream}| {line}" for line in tail if line]
    return "\n".join(text)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    names = [line.strip() for line in open(sys.argv[1]) if line.strip()]
    tests = json.load(open(sys.argv[2]))["tests"]
    expected = read_baseline(sys.argv[3]) if len(sys.argv) == 4 else dict.fromkeys(names, "pass")

    counts, regressions, improvements, changes = {}, [], [], []
    for name in names:
        # piglit stores test names in lower case
        result = tests.get(name.lower(), {}).get("result", "notrun")
        counts[result] = counts.get(result, 0) + 1
        print(f"{result:8} {name}")
        want = expected.get(name)
        if want is None:
            regressions.append(f"{name}: {result}, not in the baseline")
        elif RANK[result] > RANK[want]:
            regressions.append(f"{name}: {result}, expected {want}\n"
                               + output_tail(tests.get(name.lower(), {})))
        elif RANK[result] < RANK[want]:
            improvements.append(f"{name}: {result}, baseline {want}")
        elif result != want:
            changes.append(f"{name}: {result}, baseline {want}")

    for title, lines in (("REGRESSION", regressions), ("improved (move the baseline forward)", improvements),
                         ("changed, no worse (update the baseline)", changes)):
        for line in lines:
            print(f"{title}: {line}")
    print("counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"{len(names) - len(regressions)} passed, {len(regressions)} failed")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
