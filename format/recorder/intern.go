package recorder

// The strings of spawn packets (blueprint ids, attribute keys and values)
// repeat: a town has a few dozen blueprints, and every spawn of one writes
// the same keys and mostly the same values. A Reader keeps one copy of
// each short string it has decoded, so that decoding spawns again (as a
// seeking frame reader does, again and again) allocates nothing once warm.
// The table is bounded, so a hostile file of ever-new strings only
// allocates them as it would without the table.
const (
	internMaxLen = 128     // longer strings are not kept
	internBudget = 1 << 20 // bytes of table, counting each entry's overhead
	internCost   = 64      // overhead charged per entry (map slot, headers)
)

type interner struct {
	m    map[string]string
	used int
}

// str returns b as a string, the kept copy when there is one.
func (in *interner) str(b []byte) string {
	if s, ok := in.m[string(b)]; ok { // no allocation for the lookup
		return s
	}
	s := string(b)
	if len(s) <= internMaxLen && in.used+len(s)+internCost <= internBudget {
		if in.m == nil {
			in.m = make(map[string]string)
		}
		in.m[s] = s
		in.used += len(s) + internCost
	}
	return s
}
