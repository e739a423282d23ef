// BoardIO: the layer between the model and the formats. BoardModel says what a board is;
// BoardIO holds the fast building blocks that reading and writing one needs, written once
// for every format: the one way a file is opened for reading (`HeldFiles`: never the file
// of a store this process holds open), memory-mapped source text (`MappedText`) and a reader's way through it
// (`ReadPages`: pages handed back as read), buffered file output (`OutputBuffer`) and the
// one way a streamed output file is made (`OutputFile`), the one JSON writer (`JSON/`), the
// one hash (`FNV1a`) and interning cache (`InterningCache`), ids made from content
// (`StableID`), the id index (`IDIndex`), sorting in place through a permutation
// (`permute`), the diagnostic limiter (`DiagnosticLimiter`) and the typed messages of this
// layer (`BoardIOMessage`), the ordered-parallel helpers sized from the machine's cores
// (`Parallel/`: chunks in order, pipelines, values lent to workers, freeing on another
// core), the validator every reader's board goes through, which runs on them, and
// the vocabulary names are compared by (`Vocabulary/`: `NameKey`, and `StateCategoryWords`,
// the one word list that gives a state its category in every format), and the progress
// meter those building blocks report to (`Progress/`).
// A new building block that a second format would need goes here, in a file named for what
// it is; what only one format needs stays in that format's target. BoardIO imports
// BoardModel and nothing else of ours, and every format target may import it.
