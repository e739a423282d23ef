#ifndef BOARDKIT_STANDARD_OUTPUT_H
#define BOARDKIT_STANDARD_OUTPUT_H

/// Flushes stdio's standard output (where Swift's `print` writes) and reports whether any
/// write to it failed: 0 when all arrived, else the errno (EIO when none was recorded).
/// In C because Swift 6 refuses to read the global `stdout` outside an actor.
int boardkit_flush_standard_output(void);

#endif
