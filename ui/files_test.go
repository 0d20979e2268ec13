package ui

import (
	"errors"
	"testing"

	"github.com/ncruces/zenity"
)

// TestChooseCompare: one recording chosen while another is shown alone
// asks "compare with this one?": Compare makes it run B, Open instead
// opens it as before, Cancel opens nothing; two files, a map, or
// nothing open ask nothing.
func TestChooseCompare(t *testing.T) {
	isRec := func(p string) bool { return p != "city.bai" }
	for _, tc := range []struct {
		name    string
		paths   []string
		open    string
		answer  error
		asked   bool
		compare bool
		wantErr error
	}{
		{"compare", []string{"b.log"}, "a.log", nil, true, true, nil},
		{"open instead", []string{"b.log"}, "a.log", zenity.ErrExtraButton, true, false, nil},
		{"cancel", []string{"b.log"}, "a.log", zenity.ErrCanceled, true, false, zenity.ErrCanceled},
		{"nothing open", []string{"b.log"}, "", nil, false, false, nil},
		{"two chosen", []string{"b.log", "c.log"}, "a.log", nil, false, false, nil},
		{"a map", []string{"city.bai"}, "a.log", nil, false, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			got := chooseCompare(dialogAnswer{paths: tc.paths}, tc.open, isRec, func(chosen, open string) error {
				asked = true
				if chosen != tc.paths[0] || open != tc.open {
					t.Errorf("asked about %q and %q", chosen, open)
				}
				return tc.answer
			})
			if asked != tc.asked || got.compare != tc.compare || !errors.Is(got.err, tc.wantErr) || (tc.wantErr == nil && got.err != nil) {
				t.Errorf("asked %v, compare %v, err %v; want %v, %v, %v", asked, got.compare, got.err, tc.asked, tc.compare, tc.wantErr)
			}
			if len(got.paths) != len(tc.paths) {
				t.Errorf("paths %v, want %v", got.paths, tc.paths)
			}
		})
	}
}
