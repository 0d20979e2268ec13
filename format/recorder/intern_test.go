package recorder

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

func TestInterner(t *testing.T) {
	var in interner
	a := in.str([]byte("vehicle.tesla.model3"))
	b := in.str([]byte("vehicle.tesla.model3"))
	if a != b || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("a repeated string is not shared: %q %q", a, b)
	}
	if n := testing.AllocsPerRun(100, func() { in.str([]byte("vehicle.tesla.model3")) }); n != 0 {
		t.Errorf("%v allocations for a kept string", n)
	}
	long := strings.Repeat("x", internMaxLen+1)
	if s := in.str([]byte(long)); s != long {
		t.Errorf("long string decoded as %q", s)
	}
	if _, kept := in.m[long]; kept {
		t.Error("a string longer than internMaxLen was kept")
	}
	// A hostile stream of ever-new strings: the table stops growing at its
	// budget and the strings still come back right.
	for i := range 2 * internBudget / internCost {
		want := fmt.Sprintf("role_%d", i)
		if got := in.str([]byte(want)); got != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
	if in.used > internBudget || len(in.m) > internBudget/internCost {
		t.Errorf("table holds %d entries, %d bytes; budget %d", len(in.m), in.used, internBudget)
	}
}
