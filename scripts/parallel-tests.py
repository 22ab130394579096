#!/usr/bin/env python3
"""scripts/parallel-tests.py [--workers N] [--filter REGEX]... [--skip REGEX]... [--setenv NAME=VALUE]...
                             [--also COMMAND]... XCTEST

Runs the XCTest bundle XCTEST (.build/debug/StoreSearchPackageTests.xctest) in N workers at once, each
with its own X display (scripts/with-display.sh), D-Bus session (dbus-run-session) and sound server
(scripts/with-sound.sh), so that the window tests of one worker never meet another's windows, keys,
bus names or sound. Each test class runs in a process of its own; the workers take the classes from
one queue, the longest first (as long as they took the last time, .build/test-times.tsv), so that
they finish together. --setenv sets a variable for the tests only.

An --also COMMAND (a test script that makes its own display, such as scripts/test-wm-close.sh) runs
beside the workers from the start, with the environment this script was given.

The run has a private TMPDIR, which holds the workers' XDG folders too; a storesearch-* folder a
test leaves there fails the run (other tools' temporaries do not), and it is removed either way.
--filter and --skip select tests as swift test's do: a regular expression searched in
`Module.Class/testMethod`. A passing class prints one line, a failing one its whole output; every
class's output is kept in .build/test-logs/. The run fails when a class or script fails, when a
class crashes twice (killed by a signal, it runs once more, and its line says so), or when fewer
tests ran than were selected.

`parallel-tests.py --worker QUEUE XCTEST` is the inner side: the loop a worker runs on its display."""
import argparse
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
TIMES = REPOSITORY / ".build/test-times.tsv"
LOGS = REPOSITORY / ".build/test-logs"
SKIPPED = re.compile(r"^\S+:\d+: (\S+ : Test skipped.*)$", re.MULTILINE)
EXECUTED = re.compile(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?")


def selected_units(xctest, filters, skips):
    """({class: what to run}, number of tests): a class's name when all its tests are selected, else
    its selected tests, comma-separated (as XCTest takes them)."""
    output = subprocess.run([xctest, "--list-tests"], capture_output=True, text=True, check=True).stdout
    by_class = {}
    for line in output.splitlines():
        if re.fullmatch(r"\w+\.\w+/\w+", line.strip()):
            by_class.setdefault(line.strip().split("/")[0], []).append(line.strip())
    units, count = {}, 0
    for name, tests in by_class.items():
        chosen = [test for test in tests if (not filters or any(re.search(f, test) for f in filters))
                  and not any(re.search(s, test) for s in skips)]
        if chosen:
            units[name] = name if len(chosen) == len(tests) else ",".join(chosen)
            count += len(chosen)
    return units, count


def previous_times():
    times = {}
    if TIMES.exists():
        for line in TIMES.read_text().splitlines():
            name, _, seconds = line.partition("\t")
            try:
                times[name] = float(seconds)
            except ValueError:
                pass
    return times


def record_times(times):
    if times:
        merged = previous_times()
        merged.update(times)
        TIMES.write_text("".join(f"{name}\t{seconds:.2f}\n" for name, seconds in sorted(merged.items())))


def fill_queue(queue, units):
    """One file per class, named so that a listing is the order to take them in: classes never timed
    first (they may be long), then the longest first. Each file holds what to run."""
    times = previous_times()
    order = sorted(units, key=lambda name: (name in times, -times.get(name, 0), name))
    for index, name in enumerate(order):
        (queue / f"{index:04d} {name}").write_text(units[name])


def run_worker(queue, xctest):
    """Takes classes from QUEUE until none is left (a rename is atomic: each goes to one worker), runs
    each in its own process with the tests' environment, and leaves its status in results/."""
    claimed, results = queue.parent / "claimed", queue.parent / "results"
    worker = os.environ["STORESEARCH_TEST_WORKER"]
    while True:
        pending = sorted(os.listdir(queue))
        if not pending:
            return 0
        try:
            os.rename(queue / pending[0], claimed / pending[0])
        except FileNotFoundError:
            continue  # another worker took it
        name = pending[0].split(" ", 1)[1]
        start, where = time.monotonic(), f"worker {worker}"
        status = run_class(xctest, claimed / pending[0], name)
        if status < 0:
            # Killed by a signal: a crash inside a system library (libsoup under GStreamer's HTTP
            # source crashed once as a preview's pipeline was torn down) is run again once, and said.
            os.replace(LOGS / f"{name}.log", LOGS / f"{name}.crashed.log")
            where += f"; ran again after a crash (signal {-status}): .build/test-logs/{name}.crashed.log"
            status = run_class(xctest, claimed / pending[0], name)
        (results / f"{name}.part").write_text(f"{status}\t{time.monotonic() - start:.2f}\t{where}")
        os.rename(results / f"{name}.part", results / name)


def run_class(xctest, unit, name):
    """Runs the tests UNIT lists in a process of their own; returns its status (negative: the signal
    that killed it, whose temporary folder, `storesearch-tests-PID`, its exit did not remove)."""
    with open(LOGS / f"{name}.log", "w") as log:
        process = subprocess.Popen([xctest, unit.read_text()], stdout=log, stderr=subprocess.STDOUT,
                                   cwd=REPOSITORY)
        status = process.wait()
    if status < 0:
        shutil.rmtree(pathlib.Path(os.environ["TMPDIR"]) / f"storesearch-tests-{process.pid}", ignore_errors=True)
    return status


def start_workers(count, run, xctest, test_environment):
    """N workers, each on its own display, bus and sound server (which get the tests' environment, as
    what the bus starts for the tests does), with XDG folders of its own."""
    workers = []
    for index in range(1, count + 1):
        home = run / f"worker-{index}"
        (home / "xdg-data").mkdir(parents=True)
        (home / "xdg-cache").mkdir()
        environment = dict(os.environ, **test_environment, TMPDIR=str(run), XDG_DATA_HOME=str(home / "xdg-data"),
                           XDG_CACHE_HOME=str(home / "xdg-cache"), STORESEARCH_TEST_WORKER=str(index))
        command = [str(REPOSITORY / "scripts/with-display.sh"), "dbus-run-session", "--",
                   str(REPOSITORY / "scripts/with-sound.sh"), sys.executable, __file__, "--worker",
                   str(run / "queue"), xctest]
        with open(run / f"worker-{index}.log", "w") as log:
            workers.append(subprocess.Popen(command, env=environment, start_new_session=True,
                                            stdout=log, stderr=subprocess.STDOUT))
    return workers


def start_scripts(commands, run):
    """{name: process} of the --also commands, each with its output in .build/test-logs/NAME.log."""
    scripts = {}
    for command in commands:
        name = pathlib.Path(command.split()[0]).stem
        with open(LOGS / f"{name}.log", "w") as log:
            scripts[name] = (subprocess.Popen(["/bin/bash", "-c", command], cwd=REPOSITORY, stdout=log,
                                              stderr=subprocess.STDOUT, start_new_session=True), time.monotonic())
    return scripts


class Tally:
    """What has been reported: per class, the tests XCTest says it ran; the failures."""

    def __init__(self):
        self.reported, self.failed, self.times, self.skips = set(), [], {}, []
        self.executed = self.skipped = 0

    def report(self, name, status, seconds, where, is_script=False):
        self.reported.add(name)
        text = (LOGS / f"{name}.log").read_text(errors="replace")
        found = EXECUTED.findall(text)
        passed = status == 0 and (is_script or (bool(found) and found[-1][2] == "0"))
        self.skips += SKIPPED.findall(text)
        if found and not is_script:
            self.executed += int(found[-1][0])
            self.skipped += int(found[-1][1] or 0)
            self.times[name] = seconds
        what = "script" if is_script else f"{found[-1][0] if found else '?'} tests"
        print(f"{'passed' if passed else 'FAILED'}  {name}  ({what}, {seconds:.1f} s, {where})", flush=True)
        if not passed:
            self.failed.append(name)
            print(text, flush=True)


def collect(run, units, workers, scripts, tally):
    """Reports classes and scripts as they finish, until all have or every worker has ended."""
    while True:
        workers_done = all(worker.poll() is not None for worker in workers)  # before the results are read
        results = run / "results"
        done = sorted(n for n in os.listdir(results) if not n.endswith(".part") and n not in tally.reported)
        for name in done:
            status, seconds, where = (results / name).read_text().split("\t")
            tally.report(name, int(status), float(seconds), where)
        for name, (process, start) in scripts.items():
            if name not in tally.reported and process.poll() is not None:
                tally.report(name, process.returncode, time.monotonic() - start, "its own display", True)
        scripts_done = all(name in tally.reported for name in scripts)
        if scripts_done and (workers_done and not done or all(name in tally.reported for name in units)):
            return
        if not done:
            time.sleep(0.2)


def run_all(arguments):
    xctest = str(pathlib.Path(arguments.xctest).resolve())
    units, expected = selected_units(xctest, arguments.filter, arguments.skip)
    if not units and not arguments.also:
        print("parallel-tests: no test matches", file=sys.stderr)
        return 1
    shutil.rmtree(LOGS, ignore_errors=True)
    LOGS.mkdir(parents=True)
    # A short name: tests make Unix sockets in it (a Wayland compositor's), whose paths have at most 107 bytes.
    run = pathlib.Path(tempfile.mkdtemp(prefix="storesearch-run."))
    for folder in ("queue", "claimed", "results"):
        (run / folder).mkdir()
    fill_queue(run / "queue", units)
    count = max(1, min(arguments.workers, len(units)))
    print(f"parallel-tests: {expected} tests in {len(units)} classes in {count} workers"
          + "".join(f", beside {command}" for command in arguments.also), flush=True)
    start, tally = time.monotonic(), Tally()
    test_environment = dict(variable.split("=", 1) for variable in arguments.setenv)
    workers = start_workers(count, run, xctest, test_environment) if units else []
    scripts = start_scripts(arguments.also, run)
    try:
        collect(run, units, workers, scripts, tally)
        for worker in workers:  # each ends once the queue is empty, removing its sound server's folder
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
    finally:
        for process in workers + [process for process, _ in scripts.values()]:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait()
        left = sorted(path.name for path in run.iterdir() if path.name.startswith("storesearch-"))
        worker_logs = {path.name: path.read_text(errors="replace") for path in run.glob("worker-*.log")}
        shutil.rmtree(run, ignore_errors=True)
    record_times(tally.times)
    missing = [name for name in units if name not in tally.reported]
    print(f"parallel-tests: {tally.executed} of {expected} tests ran ({tally.skipped} skipped) in "
          f"{time.monotonic() - start:.0f} s with {count} workers")
    for skip in tally.skips:
        print(f"parallel-tests: skipped {skip}")
    if missing:
        print("parallel-tests: never finished (a worker ended early): " + ", ".join(missing))
        for name, text in worker_logs.items():
            print(f"--- {name}\n{text}")
    if left:
        print("parallel-tests: the tests left these behind in their temporary folder:\n" + "\n".join(left))
    if tally.failed:
        print("parallel-tests: FAILED: " + ", ".join(tally.failed))
    return 0 if not tally.failed and not missing and not left and tally.executed == expected else 1


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--worker":
        return run_worker(pathlib.Path(sys.argv[2]), sys.argv[3])
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--filter", action="append", default=[])
    parser.add_argument("--skip", action="append", default=[])
    parser.add_argument("--setenv", action="append", default=[])
    parser.add_argument("--also", action="append", default=[])
    parser.add_argument("xctest")
    return run_all(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
