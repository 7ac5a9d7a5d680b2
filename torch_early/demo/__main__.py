"""python -m torch_early.demo [PART | all]: list the parts of the tour, or run one (or all)."""
import argparse
import sys

import torch_early
from torch_early.demo import PARTS, ROMAN, run_part


def list_parts():
    print("torch_early %s: the architecture of PyTorch 0.1.x, layer by layer" % torch_early.__version__)
    print()
    print("The tour has a page for each part (docs/tour/README.md says in what order to read them)")
    print("and a live demo of each part:")
    print()
    for part in PARTS:
        print("  %-4s python -m torch_early.demo %d   %s" % (ROMAN[part.number], part.number, part.title))
    print()
    print("python -m torch_early.demo all runs every part in order.")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="python -m torch_early.demo",
        description="The live half of the tour of the internals (docs/tour/). With no argument, "
                    "list the parts.")
    parser.add_argument("part", nargs="?", choices=[str(p.number) for p in PARTS] + ["all"],
                        help="the part to run (1-%d), or all" % len(PARTS))
    return parser.parse_args(argv)


def main(argv):
    arguments = parse_arguments(argv)
    if arguments.part is None:
        list_parts()
    elif arguments.part == "all":
        for part in PARTS:
            run_part(part)
            print()
    else:
        run_part(PARTS[int(arguments.part) - 1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
