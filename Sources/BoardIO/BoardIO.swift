// BoardIO: the layer between the model and the formats. BoardModel says what a board is;
// BoardIO holds the fast building blocks that reading and writing one needs, written once
// for every format (README's Layout lists them, and what this target may import). A new
// building block that a second format would need goes here, in a file named for what it is;
// what only one format needs stays in that format's target.
