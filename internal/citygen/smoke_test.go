package citygen

import "testing"

// TestGenerateCounts checks the grid arithmetic of the two named cities.
func TestGenerateCounts(t *testing.T) {
	for _, c := range []Config{Default(), London()} {
		m, err := Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(m.Intersections), (c.BlocksX+1)*(c.BlocksY+1); got != want {
			t.Errorf("%s: %d intersections, want %d", c.Name, got, want)
		}
		if len(m.Roads) != c.Roads {
			t.Errorf("%s: %d roads, want %d", c.Name, len(m.Roads), c.Roads)
		}
	}
}
