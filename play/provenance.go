package play

import "regexp"

// folders matches the folders of an absolute path, Unix or Windows
// (/work/gen4/ of /work/gen4/american.bin, C:\data\ of C:\data\a.bin),
// where a word starts (after a blank, a comma, a semicolon or an equals
// sign), up to the first character of the last element.
var folders = regexp.MustCompile(`(^|[\s,;=])(?:[A-Za-z]:[\\/]|/)(?:[^\s,;=/\\]+[\\/])*([^\s,;=/\\])`)

// withoutFolders cuts each absolute path in a weight file's provenance to
// its last element. The provenance records the training command as typed,
// with the folders of the machine it ran on, which say nothing to whoever
// reads an engine's about text and are not the project's to publish; the
// file names and every other word stay.
func withoutFolders(provenance string) string {
	return folders.ReplaceAllString(provenance, "$1$2")
}
