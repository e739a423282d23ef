// BoardIO: the layer between the model and the formats. BoardModel says what a board is;
// BoardIO holds the fast building blocks that reading and writing one needs, written once
// for every format: memory-mapped source text (`MappedText`), buffered file output
// (`OutputBuffer`), the one hash (`FNV1a`) and interning cache (`InterningCache`), ids made
// from content (`StableID`), the id index (`IDIndex`), the diagnostic limiter
// (`DiagnosticLimiter`), the ordered-parallel helpers sized from the machine's cores
// (`Parallel/`), the validator every reader's board goes through, which runs on them, and
// the vocabulary names are compared by (`Vocabulary/`: `NameKey`, and `StateCategoryWords`,
// the one word list that gives a state its category in every format), and the progress
// meter those building blocks report to (`Progress/`).
// A new building block that a second format would need goes here, in a file named for what
// it is; what only one format needs stays in that format's target. BoardIO imports
// BoardModel and nothing else of ours, and every format target may import it.
