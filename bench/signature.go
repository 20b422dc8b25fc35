package bench

// Signature is the total node count of the suite at SuiteDepth (what
// `crown bench` prints): the fingerprint of the search and the evaluation.
// A commit that changes it updates it here, in the same commit, and quotes
// it at the end of its message as "Bench: <nodes>". TestSignature checks it.
const Signature uint64 = 16059618

// ShortSignature is the suite's node count at ShortDepth, which make
// test's short run checks in a fifth of the full suite's time: a change to
// the search or the evaluation changes it as surely as Signature. A commit
// that changes Signature updates it too (`go test -run TestSignature
// ./bench` without -short reports both).
const (
	ShortDepth            = 15
	ShortSignature uint64 = 4652619
)
