#!/usr/bin/env python3
"""Documentation tests: every shell block in README.md and docs/*.md runs as written.

As Rust's doctests and cram do, the blocks are the test: each file's ```sh blocks run top to
bottom in one bash session (variables and the working folder carry from block to block), in an
empty temporary folder with a temporary $HOME and the debug build's `boardkit` first on the
PATH, as after `make install`. Every command must succeed (`set -e`), and the session's output
must hold what the text promises.

A block is steered by an HTML comment on the line before it, invisible on GitHub:

    <!-- doc-test: skip: WHY -->              not run; WHY says what tests it instead
    <!-- doc-test: from the repository -->    the block starts in the repository's root
    <!-- doc-test: expect "A" "B" -->          the session's output holds A and B
    <!-- doc-test: interrupt serve -->         a line running `serve` runs until it has
                                               printed its URLs, then gets Ctrl-C (SIGINT)
                                               and must exit 0

Several directives share one comment, separated by `;` (a skip's WHY runs to its end). Usage: Tests/docs_check.py [FILE...]
(from anywhere; default README.md and docs/*.md). Exit 1 names the file, the block's line and
the output.
"""
import os
import pathlib
import re
import shlex
import signal
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLOCK_START = re.compile(r"^```(sh|bash|shell)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->\s*$")

# Runs one command line in the background until it prints a URL, then stops it as Ctrl-C
# would; its exit status is the line's. With job control on (`set -m`) the job has a process
# group of its own (without it, bash would also ignore SIGINT in it), and the group gets the
# signal, as the terminal sends Ctrl-C to every process of the foreground job.
PRELUDE = r"""
set -e
__doc_interrupt() {
    local out rc i
    out=$(mktemp)
    set -m
    eval "$1" >"$out" 2>&1 &
    local pid=$!
    set +m
    for i in $(seq 300); do
        grep -q 'http://' "$out" && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -INT -- -"$pid" 2>/dev/null || true
    rc=0; wait "$pid" || rc=$?
    cat "$out"; rm -f "$out"
    return $rc
}
"""


class Block:
    def __init__(self, path, line, text, directives):
        self.path, self.line, self.text = path, line, text
        self.skip = None
        self.from_repository = False
        self.expect = []
        self.interrupt = []
        for directive in directives:
            key, _, rest = directive.partition(" ")
            if directive.startswith("skip:"):
                self.skip = directive[len("skip:"):].strip()
            elif directive == "from the repository":
                self.from_repository = True
            elif key == "expect":
                self.expect += shlex.split(rest)
            elif key == "interrupt":
                self.interrupt += rest.split()
            else:
                raise SystemExit(f"{path}:{line}: unknown doc-test directive '{directive}'")

    def script(self):
        lines = []
        for line in self.text.splitlines():
            command = line.strip()
            words = command.split()
            if any(word in words for word in self.interrupt):
                line = "__doc_interrupt " + shlex.quote(command)
            lines.append(line)
        # A block runs in the repository when it says so, else in the session's own folder
        # (also after a block that ran in the repository: its files never land there).
        start = f"cd {shlex.quote(str(ROOT))}\n" if self.from_repository else 'cd "$DOCS_HERE"\n'
        return f"echo {shlex.quote(f'# {self.path}:{self.line}')}\n{start}" + "\n".join(lines) + "\n"


def blocks(path):
    """The shell blocks of one Markdown file, with the directives on the line before each."""
    found, lines = [], path.read_text().splitlines()
    i = 0
    while i < len(lines):
        if BLOCK_START.match(lines[i]):
            directives = []
            before = next((l for l in reversed(lines[:i]) if l.strip()), "")
            if m := DIRECTIVE.match(before.strip()):
                text = m.group(1)
                directives = [text] if text.startswith("skip:") else \
                    [d.strip() for d in text.split(";") if d.strip()]
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            found.append(Block(path.relative_to(ROOT), i + 1, "\n".join(lines[i + 1:end]), directives))
            i = end
        i += 1
    return found


def run(path):
    """Runs one file's blocks in one session; returns a failure message or None."""
    runnable = []
    for block in blocks(path):
        if block.skip:
            print(f"  {block.path}:{block.line}: skipped ({block.skip})")
        else:
            runnable.append(block)
    if not runnable:
        return None
    with tempfile.TemporaryDirectory(prefix="boardkit-docs-") as work:
        home = pathlib.Path(work, "home"); home.mkdir()
        folder = pathlib.Path(work, "here"); folder.mkdir()
        binaries = pathlib.Path(work, "bin"); binaries.mkdir()
        (binaries / "boardkit").symlink_to(ROOT / ".build/debug/boardkit")
        env = dict(os.environ, HOME=str(home), PATH=f"{binaries}:{os.environ['PATH']}",
                   TMPDIR=work, NO_COLOR="1", DOCS_HERE=str(folder))
        env.pop("BOARDKIT_BOARD", None)
        script = PRELUDE + "".join(block.script() for block in runnable)
        session = subprocess.Popen(["bash", "-c", script], cwd=folder, env=env, text=True,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        try:
            output, _ = session.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            os.killpg(session.pid, signal.SIGKILL)
            output, _ = session.communicate()
            output += "\n(stopped after 600 s)"
    where = ", ".join(f"{b.path}:{b.line}" for b in runnable)
    if session.returncode != 0:
        return f"{where}: exit {session.returncode}\n{output}"
    for block in runnable:
        for text in block.expect:
            if text not in output:
                return f"{block.path}:{block.line}: the output has no {text!r}\n{output}"
    print(f"  {where}: ran, {sum(len(b.expect) for b in runnable)} promised outputs found")
    return None


def main():
    files = [pathlib.Path(f).resolve() for f in sys.argv[1:]] or \
        [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    if not (ROOT / ".build/debug/boardkit").exists():
        raise SystemExit("docs check: no .build/debug/boardkit; build first (make test does)")
    failures = [f for f in (run(path) for path in files) if f]
    for failure in failures:
        print(f"docs check: {failure}", file=sys.stderr)
    print(f"docs check: {len(files)} files, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
