package recorder

// PositionView reads the records of a Position packet straight from its
// payload, one field at a time, for a reader that goes over millions of
// them and needs only some fields of some records (the scene's scan: the
// location of every record, the rotation of a few). The payload comes
// from a Reader told to Ignore Position packets, which has checked its
// size against its record count; Location and Rotation give exactly the
// values Next would have decoded.
type PositionView struct {
	b    []byte // the records, after the count
	n    int
	rec  int
	wide bool
}

// NewPositionView returns a view of a Position payload p in layout l. A
// payload whose size does not match its count gives a view of no records
// (a Reader does not return such a packet).
func NewPositionView(p []byte, l Layout) PositionView {
	v := PositionView{wide: l.Wide, rec: narrowIDVecs}
	if l.Wide {
		v.rec = wideIDVecs
	}
	if len(p) < countSize {
		return PositionView{}
	}
	n := int(le.Uint16(p))
	if countSize+n*v.rec != len(p) {
		return PositionView{}
	}
	v.b, v.n = p[countSize:], n
	return v
}

// Len returns the number of records.
func (v PositionView) Len() int { return v.n }

// ID returns the actor id of record i.
func (v PositionView) ID(i int) uint32 { return le.Uint32(v.b[i*v.rec:]) }

// AppendIDs appends the actor ids of the records to dst, for a reader
// that compares a frame's actors with the frame before's.
func (v PositionView) AppendIDs(dst []uint32) []uint32 {
	for i := 0; i < v.n*v.rec; i += v.rec {
		dst = append(dst, le.Uint32(v.b[i:]))
	}
	return dst
}

// Location returns the location of record i (cm).
func (v PositionView) Location(i int) Vec3 {
	q := v.b[i*v.rec+4:]
	if v.wide {
		return wide3((*[wideVec]byte)(q))
	}
	return narrow3((*[narrowVec]byte)(q))
}

// Rotation returns the rotation of record i (degrees).
func (v PositionView) Rotation(i int) Vec3 {
	if v.wide {
		return wide3((*[wideVec]byte)(v.b[i*v.rec+4+wideVec:]))
	}
	return narrow3((*[narrowVec]byte)(v.b[i*v.rec+4+narrowVec:]))
}

// Record returns record i whole.
func (v PositionView) Record(i int) Position {
	return Position{ID: v.ID(i), Location: v.Location(i), Rotation: v.Rotation(i)}
}
