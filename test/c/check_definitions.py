"""One place to grep: every public function of lib/TH, lib/THS and lib/THNN is defined under its own name.

Reads every TH_API function declared in the headers of lib/TH, lib/THS and lib/THNN (generic ones by their
generic name, THTensor_(ltValueT), which the generic mechanism makes THFloatTensor_ltValueT...)
and checks that a .c file of the same library defines it literally: a line that starts at column
0 with the name followed by its parameter list, and a body. A definition made by a macro that
pastes the name together (`TH_COMPARE_FORMS(lt, <)`) fails the check, since `grep -rn ltValueT
lib/` would not find it. One check per header; prints "check_definitions.py: N passed, N failed"
like the C programs of the suite.

    python test/c/check_definitions.py           # the tree this file is in
    python test/c/check_definitions.py ROOT      # another checkout
"""
import re
import sys
from pathlib import Path

# TH_API <return type> <name>(, where the name is generic (THTensor_(fill)) or plain (THAlloc).
DECLARATION = re.compile(r"^TH_API\b[^;(]*?(\w+_\(\w+\)|\b\w+)\(", re.MULTILINE)


def declared_functions(header):
    return DECLARATION.findall(header.read_text())


def defines(source, name):
    """1 when source defines name: a line starting at column 0 that names it before its
    parameters, and whose statement opens a body ({) before it would end (;)."""
    pattern = re.compile(r"^(?!TH_API)[A-Za-z_].*?(?<!\w)" + re.escape(name) + r"\(", re.MULTILINE)
    for match in pattern.finditer(source):
        rest = source[match.end():]
        brace, semicolon = rest.find("{"), rest.find(";")
        if brace != -1 and (semicolon == -1 or brace < semicolon):
            return True
    return False


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2]
    passed = failed = 0
    for library in ("TH", "THS", "THNN"):
        folder = root / "lib" / library
        sources = [path.read_text() for path in sorted(folder.glob("**/*.c"))]
        for header in sorted(folder.glob("**/*.h")):
            missing = [name for name in declared_functions(header)
                       if not any(defines(source, name) for source in sources)]
            if missing:
                failed += 1
                print(f"{header.relative_to(root)}: no definition under its own name for "
                      + ", ".join(missing))
            else:
                passed += 1
    print(f"{Path(__file__).name}: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
