package query

import (
	"bufio"
	"io"
	"strconv"
	"time"
)

// The collision and blocked queries print a table between CARLA's header
// and closing lines. Their columns are std::setw fields joined by one
// space; table holds that layout once for both.

// column is one std::setw field: its width and whether it is left-aligned
// (std::left) rather than right-aligned.
type column struct {
	title string
	width int
	left  bool
}

// table is a query's text being written.
type table struct {
	cols []column
	bw   *bufio.Writer
	b    []byte
}

// newTable writes the header block for h and the column titles to w.
func newTable(w io.Writer, h *Summary, loc *time.Location, cols []column) *table {
	t := &table{cols: cols, bw: bufio.NewWriter(w)}
	t.b = appendHeader(t.b, h.Header, loc)
	titles := make([]string, len(cols))
	for i, c := range cols {
		titles[i] = c.title
	}
	t.row(titles...)
	return t
}

// row writes one line: each cell in its column, a space between columns.
func (t *table) row(cells ...string) {
	for i, c := range t.cols {
		if i > 0 {
			t.b = append(t.b, ' ')
		}
		if c.left {
			t.b = appendLeft(t.b, cells[i], c.width)
		} else {
			t.b = appendRight(t.b, cells[i], c.width)
		}
	}
	t.b = append(t.b, '\n')
	t.bw.Write(t.b)
	t.b = t.b[:0]
}

// close writes the closing lines of s, unless the query stopped at an
// error, and flushes.
func (t *table) close(s *Summary) error {
	if s.Err == nil {
		t.bw.Write(appendFooter(t.b[:0], s))
	}
	return t.bw.Flush()
}

// fixed0 is a number as "std::fixed << std::setprecision(0)" prints it.
func fixed0(f float64) string { return string(appendFixed0(nil, f)) }

// itoa is an id in decimal.
func itoa(id uint32) string { return strconv.FormatUint(uint64(id), 10) }
