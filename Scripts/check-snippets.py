#!/usr/bin/env python3
"""Type-checks every Swift code block of README.md and the DocC articles, as a user would paste it.

Each ```swift block is compiled on its own, as the `main.swift` of a program, against the debug
build of Wiring (run `swift build --build-tests` first), with only the context its article's text
gives: `Scripts/snippets/<Article>.swift` declares the types the article talks about
(`BackendProtocol`, `Database`, ...) the way the text describes them, and nothing of Wiring's.

- A block that imports `MyApp` (`@testable import MyApp`, as a test target does) sees the context
  as that module, compiled with testing enabled. Any other block is compiled in one module with
  the context, as code living in the app itself.
- A block with no `import` line at all is checked as if its file began with `import Wiring`
  (a server block: with the imports of SERVER_IMPORTS): the articles leave them out of short
  examples. Every other import must be in the block.
- A block marked `<!-- snippet: continues -->` goes on from the block before it, as the text
  reads: it is compiled after that block's code (and whatever that one continued).
- A block that cannot compile here (UIKit, a `Package.swift` fragment) carries the marker
  `<!-- snippet: skip (reason) -->` on one of the two lines before its fence, and is skipped.
- A block that needs the server integrations (Hummingbird, swift-service-lifecycle, postgres-nio)
  carries `<!-- snippet: server (reason) -->`: it is skipped here, and checked only by
  `--server BUILD`, against the modules of that debug build (Examples/Server's, where Wiring has
  the Hummingbird trait), with `Scripts/snippets/server/<Article>.swift` as its context.
- A block that shows a mistake the compiler must refuse carries `<!-- snippet: fails "text" -->`
  on one of the two lines before its fence: it passes only if it does not compile and an
  `error:` line of the compiler contains `text` (a crash or another error is a failure).

The README's blocks, and those of the articles in APP_DOCUMENTS, are compiled a second time as an
app target of Xcode 26 compiles them: with every declaration main-actor isolated by default
(`-default-isolation MainActor`, SwiftPM's `.defaultIsolation(MainActor.self)`).

Usage: python3 Scripts/check-snippets.py [FILE.md ...]
       python3 Scripts/check-snippets.py --server Examples/Server/.build [FILE.md ...]
Exit status: 0 when every block compiles; 1 with the compiler's errors for each that does not.
"""
import glob
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ["README.md"] + sorted(glob.glob("Sources/Wiring/Wiring.docc/*.md", root_dir=ROOT))
# Compiled in a main-actor default target too: what an app developer pastes first.
APP_DOCUMENTS = {"README.md", "WiringInAnApp.md", "TestingWithWiring.md"}
SKIP = re.compile(r"<!--\s*snippet:\s*skip\b")
SERVER = re.compile(r"<!--\s*snippet:\s*server\b")
CONTINUES = re.compile(r"<!--\s*snippet:\s*continues\b")
FAILS = re.compile(r'<!--\s*snippet:\s*fails\s+"([^"]+)"')


def blocks(path: Path, server: bool = False):
    """Yields (line number, code, continues, expected error) for each ```swift block that is not
    marked skipped; the expected error is None for a block that must compile. With `server`, the
    blocks marked `snippet: server` instead, and only those."""
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            start = index
            index += 1
            code = []
            while index < len(lines) and lines[index].strip() != "```":
                code.append(lines[index])
                index += 1
            before = lines[max(0, start - 2):start]
            if not any(SKIP.search(line) for line in before) and server == any(
                    SERVER.search(line) for line in before):
                fails = next((match.group(1) for line in before if (match := FAILS.search(line))), None)
                yield start + 1, "\n".join(code) + "\n", any(CONTINUES.search(line) for line in before), fails
        index += 1


def compiler_flags(build: Path = ROOT / ".build") -> list[str]:
    modules = sorted(build.glob("*/debug/Modules")) or sorted(build.glob("debug/Modules"))
    shims = sorted(build.glob("*/debug/_WiringShims.build/module.modulemap"))
    if not modules or not shims:
        sys.exit(f"check-snippets: build the package first (swift build --build-tests, in {build.parent})")
    flags = ["-I", str(modules[0]), "-swift-version", "6"]
    # Every C module the build has (Wiring's shim; SwiftNIO's in a server build): its module map,
    # and the headers beside a module map of its own.
    for module_map in sorted(modules[0].parent.glob("*.build/module.modulemap")):
        flags += ["-Xcc", f"-fmodule-map-file={module_map}"]
    for include in [ROOT / "Sources/_WiringShims/include", *sorted(build.glob("checkouts/*/Sources/*/include"))]:
        flags += ["-Xcc", "-I", "-Xcc", str(include)]
        if (include / "module.modulemap").exists():
            flags += ["-Xcc", f"-fmodule-map-file={include / 'module.modulemap'}"]
    return flags


# What an import-less server block is checked with: the modules a server file of that kind imports.
SERVER_IMPORTS = "".join(f"import {module}\n" for module in [
    "Foundation", "Hummingbird", "HummingbirdTesting", "Logging", "PostgresNIO", "ServiceLifecycle", "Testing",
    "Wiring", "WiringHummingbird", "WiringServiceLifecycle", "WiringTesting"])
IMPORT = re.compile(r"^\s*(@testable\s+)?import\s+\w+", re.MULTILINE)
IMPORTS_APP = re.compile(r"^\s*(@testable\s+)?import\s+MyApp\b", re.MULTILINE)


def run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def errors_of(result: subprocess.CompletedProcess) -> str:
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    return "\n  ".join(errors[:8] or result.stderr.splitlines()[:8])


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def check(path: Path, flags: list[str], label: str = "", server: bool = False) -> list[str]:
    failures = []
    context = ROOT / "Scripts/snippets" / ("server" if server else "") / f"{path.stem}.swift"
    with tempfile.TemporaryDirectory() as folder:
        app_module = None   # the context compiled as `MyApp`, built the first time a block imports it
        previous = ""
        for line, code, continues, fails in blocks(path, server):
            if continues:
                code = previous + code
            previous = code
            if not IMPORT.search(code):
                code = (SERVER_IMPORTS if server else "import Wiring\n") + code
            main = Path(folder) / "main.swift"
            main.write_text(code, encoding="utf-8")
            if IMPORTS_APP.search(code):
                if app_module is None:
                    app_module = Path(folder) / "app"
                    app_module.mkdir()
                    built = run(["swiftc", "-emit-module", "-module-name", "MyApp", "-parse-as-library",
                                 "-enable-testing", "-emit-module-path", str(app_module / "MyApp.swiftmodule"),
                                 *flags, *([str(context)] if context.exists() else [])])
                    if built.returncode != 0:
                        failures.append(f"{shown(context)}{label}: context does not compile:\n  " + errors_of(built))
                        return failures
                result = run(["swiftc", "-typecheck", *flags, "-I", str(app_module), str(main)])
            else:
                result = run(["swiftc", "-typecheck", *flags, str(main), *([str(context)] if context.exists() else [])])
            if fails is not None:
                reported = [error for error in result.stderr.splitlines() if "error:" in error]
                if result.returncode == 0:
                    failures.append(f"{shown(path)}:{line}{label}: snippet compiles, but must fail with: {fails}")
                elif result.returncode != 1 or not any(fails in error for error in reported):
                    failures.append(
                        f"{shown(path)}:{line}{label}: snippet must fail with: {fails}\n  got (exit "
                        + f"{result.returncode}):\n  " + errors_of(result))
            elif result.returncode != 0:
                failures.append(f"{shown(path)}:{line}{label}: snippet does not compile:\n  " + errors_of(result))
    return failures


def main(arguments: list[str]) -> int:
    server = arguments[:1] == ["--server"]
    if server:
        if len(arguments) < 2:
            sys.exit("check-snippets: --server needs the build folder of a server package")
        flags = compiler_flags(Path(arguments[1]).resolve())
        arguments = arguments[2:]
    else:
        flags = compiler_flags()
    documents = [Path(argument).resolve() for argument in arguments] or [ROOT / document for document in DOCUMENTS]
    failures = []
    count = 0
    for document in documents:
        count += sum(1 for _ in blocks(document, server))
        failures += check(document, flags, server=server)
        if document.name in APP_DOCUMENTS and not server:
            count += sum(1 for _ in blocks(document))
            failures += check(
                document, flags + ["-default-isolation", "MainActor"], " (main-actor default isolation)")
    for failure in failures:
        print(failure)
    if count == 0:
        print("check-snippets: no Swift block found: nothing was checked.")
        return 1
    print(f"check-snippets: {count - len(failures)} of {count} Swift blocks compile (or fail as marked).")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
