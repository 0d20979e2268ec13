package citygen

import (
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// TestValidate wants bai.Validate to find no problem of any severity in
// any city of the table.
func TestValidate(t *testing.T) {
	for name, cfg := range configs() {
		m, err := Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range bai.Validate(m) {
			if i == 10 {
				t.Errorf("%s: ...", name)
				break
			}
			t.Errorf("%s: %v", name, p)
		}
	}
}
