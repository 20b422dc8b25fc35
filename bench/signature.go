package bench

// Signature is the total node count of the suite at SuiteDepth (what
// `crown bench` prints): the fingerprint of the search and the evaluation.
// A commit that changes it updates it here, in the same commit, and quotes
// it at the end of its message as "Bench: <nodes>". TestSignature checks it.
const Signature uint64 = 29404508
