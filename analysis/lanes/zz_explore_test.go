package lanes

import (
	"testing"
)

func TestZZExplore(t *testing.T) {
	rn, o := townMap(t, "towns/Town04.xodr")
	r := roadByID(t, o, 38)
	for _, li := range rn.Roads[r].Lanes {
		l := &rn.Lanes[li]
		if l.ID == 6 || l.ID == 1 {
			t.Logf("sec %d id %d n %d S %.2f", l.Section, l.ID, len(l.Center), l.S)
			for k := 0; k < 6; k++ {
				t.Logf("  %v", l.Center[k])
			}
		}
	}
	for _, c := range o.lanes {
		if int(c.ref.Road) == r && c.ref.Lane == 5 {
			t.Logf("curve n %d along %.2f", len(c.pts), c.along[len(c.along)-8:])
		}
	}
}
