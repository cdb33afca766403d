"""What seg-fuzz.py and seg-difftest.py share: a run bounded by a count or a
time, from a seed, with an optional directory for what it finds, that a
SIGTERM or SIGINT ends early with its totals so far."""

import argparse
import signal
import time


class LongRun:
    """The command line of a bounded run: `--seed`, `--time`, `--out`,
    `--verbose` and the count option (`--runs`, `--modules`); the script adds
    its own options to `parser` before calling `parse`."""

    def __init__(self, doc, count_option, out_help):
        self.count_option = count_option
        self.parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
        self.parser.add_argument("--seed", type=int, default=1)
        self.parser.add_argument(count_option, type=int, default=0,
                                 help="stop after this many")
        self.parser.add_argument("--time", type=float, default=0,
                                 help="stop after this many seconds (long runs)")
        self.parser.add_argument("--out", help=out_help)
        self.parser.add_argument("--verbose", action="store_true")
        self.start = time.time()

    def parse(self):
        self.args = self.parser.parse_args()
        self.count = getattr(self.args, self.count_option.lstrip("-"))
        if not self.count and not self.args.time:
            self.parser.error(f"give {self.count_option} or --time")
        self.start = time.time()
        # A long run stopped by hand still reports what it did: the round
        # under way when the signal came is not counted (a SIGINT from a
        # terminal also reaches its child processes).
        self.stopped = None
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, self._stop)
        return self.args

    def _stop(self, signum, frame):
        self.stopped = signal.Signals(signum).name

    def keep_going(self, done):
        """Whether another round fits in the count and the time."""
        return (not self.stopped and (not self.count or done < self.count) and
                (not self.args.time or self.elapsed() < self.args.time))

    def summary_suffix(self):
        """What ends the totals line of a run that a signal stopped."""
        return f", stopped by {self.stopped}" if self.stopped else ""

    def elapsed(self):
        return time.time() - self.start
