package recorder

import "fmt"

// Minimum wire sizes of variable records, used to check counts against the
// bytes left before anything is allocated.
const (
	actorAddMin  = 4 + 1 + 4 + 2 + 2 // id, type, uid, description length, attribute count; plus 2 vecs
	attributeMin = 1 + 2 + 2         // type, key length, value length
	physicsMin   = 4 + 5*4 + 1 + 4*4 + 3*4 + 4*4
	curvePoint   = 8
	gearRec      = 12
	wheelShort   = 36 // PhysicsControl wheel before 0.9.12
	wheelLong    = 48 // from 0.9.12, with the tyre stiffness values
	bonesMin     = 4 + 2
	boneMin      = 2 // name length; plus 2 vecs
	wheelsMin    = 4 + 4
)

// cursor reads the fields of a variable-length payload. The first read
// that runs past the end (or count that cannot fit) marks it bad and makes
// every later read return zero, so decoders check once at the end.
type cursor struct {
	b    []byte
	i    int
	wire uint8
	base int64 // file offset of b[0]
	err  *FormatError
	in   *interner // keeps decoded strings (see intern.go)
}

// start is the file offset of the packet's header, for messages.
func (c *cursor) start() int64 { return c.base - packetHeader }

// fail marks the cursor bad at b[at]; the message follows "packet 6
// (Position) starting at byte N".
func (c *cursor) fail(at int, format string, args ...any) {
	if c.err == nil {
		c.err = formatErr(c.base+int64(at), int(c.wire), "starting at byte %d %s", c.start(), fmt.Sprintf(format, args...))
	}
	c.i = len(c.b)
}

// take returns the next n bytes, or nil once bad.
func (c *cursor) take(n int) []byte {
	if c.err != nil {
		return nil
	}
	if len(c.b)-c.i < n {
		c.fail(c.i, "ends inside a record: %d more bytes are needed here", n-(len(c.b)-c.i))
		return nil
	}
	q := c.b[c.i : c.i+n]
	c.i += n
	return q
}

func (c *cursor) u8() uint8 {
	if q := c.take(1); q != nil {
		return q[0]
	}
	return 0
}

func (c *cursor) u16() uint16 {
	if q := c.take(2); q != nil {
		return le.Uint16(q)
	}
	return 0
}

func (c *cursor) u32() uint32 {
	if q := c.take(4); q != nil {
		return le.Uint32(q)
	}
	return 0
}

func (c *cursor) f32() float32 {
	if q := c.take(4); q != nil {
		return f32(q)
	}
	return 0
}

func (c *cursor) vec(wide bool) Vec3 {
	n := narrowVec
	if wide {
		n = wideVec
	}
	if q := c.take(n); q != nil {
		return vec(q, wide)
	}
	return Vec3{}
}

// bytes reads a str and returns its bytes, checking the length first.
func (c *cursor) bytes() []byte {
	at := c.i
	n := int(c.u16())
	if c.err != nil {
		return nil
	}
	if n > len(c.b)-c.i {
		c.fail(at, "has a string of %d bytes here, longer than the %d bytes left in the packet after its length", n, len(c.b)-c.i)
		return nil
	}
	q := c.b[c.i : c.i+n]
	c.i += n
	return q
}

// str reads a str; old is returned instead of a new string when equal,
// and a string decoded before when there is one, so that names repeated
// every frame or every spawn do not allocate.
func (c *cursor) str(old string) string {
	q := c.bytes()
	if string(q) == old {
		return old
	}
	return c.in.str(q)
}

// count reads nothing; it checks that n records of at least min bytes fit
// in what is left, and marks the cursor bad at the count field at otherwise.
func (c *cursor) count(at, n, min int) bool {
	if c.err != nil {
		return false
	}
	if int64(n)*int64(min) > int64(len(c.b)-c.i) {
		c.fail(at, "counts %d items of at least %d bytes here, more than the %d bytes left in the packet hold", n, min, len(c.b)-c.i)
		return false
	}
	return true
}

// finish returns the cursor's error, or one for trailing bytes.
func (c *cursor) finish() error {
	if c.err != nil {
		return c.err
	}
	if c.i != len(c.b) {
		return formatErr(c.base+int64(c.i), int(c.wire), "starting at byte %d has %d bytes left over after its records", c.start(), len(c.b)-c.i)
	}
	return nil
}

// newCursor starts a cursor on payload p of the packet last read.
func (r *Reader) newCursor(wire uint8, p []byte) cursor {
	return cursor{b: p, wire: wire, base: r.off + packetHeader, in: &r.strs}
}

// tryBoth runs decode in the known vector width, or, while the width is
// unknown, narrow and then wide, keeping the first that consumes the packet
// exactly (and so learning the width when the packet is not empty).
func (r *Reader) tryBoth(p []byte, decode func(wide bool) error) error {
	if r.lay.wideKnown {
		return decode(r.lay.Wide)
	}
	err := decode(false)
	if err == nil {
		if len(p) > countSize && le.Uint16(p) > 0 {
			r.lay.Wide, r.lay.wideKnown = false, true
		}
		return nil
	}
	if decode(true) == nil {
		r.lay.Wide, r.lay.wideKnown = true, true
		return nil
	}
	return err
}

func (r *Reader) decodeEventAdd(wire uint8, p []byte) (Packet, error) {
	err := r.tryBoth(p, func(wide bool) error {
		c := r.newCursor(wire, p)
		at := c.i
		n := int(c.u16())
		vs := narrowVec
		if wide {
			vs = wideVec
		}
		if !c.count(at, n, actorAddMin+2*vs) {
			return c.finish()
		}
		actors := resize(r.pk.eventAdd.Actors, n)
		for i := range actors {
			a := &actors[i]
			a.ID = c.u32()
			a.Type = ActorType(c.u8())
			a.Location = c.vec(wide)
			a.Rotation = c.vec(wide)
			a.UID = c.u32()
			a.Description = c.str(a.Description)
			at := c.i
			m := int(c.u16())
			if !c.count(at, m, attributeMin) {
				break
			}
			attrs := resize(a.Attributes, m)
			for j := range attrs {
				attrs[j].Type = AttrType(c.u8())
				attrs[j].Key = c.str(attrs[j].Key)
				attrs[j].Value = c.str(attrs[j].Value)
			}
			a.Attributes = attrs
		}
		r.pk.eventAdd.Actors = actors
		return c.finish()
	})
	if err != nil {
		return nil, err
	}
	return &r.pk.eventAdd, nil
}

// decodePhysics decodes PhysicsControl. The wheel record grew from 36 to
// 48 bytes in 0.9.12 without any marker, so both are tried per packet and
// the one that consumes the packet exactly wins (48 first).
//
// Unreal 5 builds write another record altogether (Chaos vehicle physics:
// engine, gear-ratio lists and wheels dumped from C++ structs), which the
// types of this package do not describe. In a file known to be wide, a
// packet that fits neither UE4 form therefore comes back as *Raw, so that
// reading goes on and a Writer copies it exactly; in a UE4 file it is an
// error.
func (r *Reader) decodePhysics(wire uint8, p []byte) (Packet, error) {
	err := r.physicsWith(wire, p, wheelLong)
	if err != nil && r.physicsWith(wire, p, wheelShort) == nil {
		err = nil
	}
	switch {
	case err != nil && r.lay.wideKnown && r.lay.Wide:
		r.pk.raw = Raw{WireID: wire, Data: p}
		return &r.pk.raw, nil
	case err != nil:
		return nil, err
	}
	return &r.pk.physics, nil
}

func (r *Reader) physicsWith(wire uint8, p []byte, wheelRec int) error {
	c := r.newCursor(wire, p)
	at := c.i
	n := int(c.u16())
	if !c.count(at, n, physicsMin) {
		return c.finish()
	}
	recs := resize(r.pk.physics.Records, n)
	for i := range recs {
		pc := &recs[i]
		pc.ID = c.u32()
		pc.MaxRPM, pc.MOI = c.f32(), c.f32()
		pc.DampingFullThrottle = c.f32()
		pc.DampingZeroThrottleClutchEngaged = c.f32()
		pc.DampingZeroThrottleClutchDisengaged = c.f32()
		pc.UseGearAutobox = c.u8() != 0
		pc.ClutchStrength, pc.FinalRatio = c.f32(), c.f32()
		pc.Mass, pc.DragCoefficient = c.f32(), c.f32()
		pc.CenterOfMass = [3]float32{c.f32(), c.f32(), c.f32()}
		pc.TorqueCurve = c.curve(pc.TorqueCurve)
		at := c.i
		if k := int(c.u32()); c.count(at, k, gearRec) {
			pc.Gears = resize(pc.Gears, k)
			for j := range pc.Gears {
				pc.Gears[j] = Gear{c.f32(), c.f32(), c.f32()}
			}
		}
		pc.SteeringCurve = c.curve(pc.SteeringCurve)
		at = c.i
		if k := int(c.u32()); c.count(at, k, wheelRec) {
			pc.Wheels = resize(pc.Wheels, k)
			for j := range pc.Wheels {
				pc.Wheels[j] = c.wheel(wheelRec == wheelLong)
			}
		}
		if c.err != nil {
			break
		}
	}
	r.pk.physics.Records = recs
	return c.finish()
}

// curve reads a uint32-counted list of curve points into old's storage.
func (c *cursor) curve(old []CurvePoint) []CurvePoint {
	at := c.i
	k := int(c.u32())
	if !c.count(at, k, curvePoint) {
		return old[:0]
	}
	pts := resize(old, k)
	for j := range pts {
		pts[j] = CurvePoint{c.f32(), c.f32()}
	}
	return pts
}

// wheel reads one PhysicsControl wheel. Both forms end with the wheel
// position; the 48-byte form (0.9.12 on) adds the three tyre stiffness
// values before it.
func (c *cursor) wheel(long bool) Wheel {
	var w Wheel
	w.TireFriction, w.DampingRate, w.MaxSteerAngle, w.Radius = c.f32(), c.f32(), c.f32(), c.f32()
	w.MaxBrakeTorque, w.MaxHandbrakeTorque = c.f32(), c.f32()
	if long {
		w.LatStiffMaxLoad, w.LatStiffValue, w.LongStiffValue = c.f32(), c.f32(), c.f32()
		w.HasPosition = true
	}
	w.Position = [3]float32{c.f32(), c.f32(), c.f32()}
	return w
}

func (r *Reader) decodeBones(wire uint8, p []byte) (Packet, error) {
	err := r.tryBoth(p, func(wide bool) error {
		c := r.newCursor(wire, p)
		at := c.i
		n := int(c.u16())
		if !c.count(at, n, bonesMin) {
			return c.finish()
		}
		vs := narrowVec
		if wide {
			vs = wideVec
		}
		recs := resize(r.pk.bones.Records, n)
		for i := range recs {
			wb := &recs[i]
			wb.ID = c.u32()
			at := c.i
			k := int(c.u16())
			if !c.count(at, k, boneMin+2*vs) {
				break
			}
			wb.Bones = resize(wb.Bones, k)
			for j := range wb.Bones {
				b := &wb.Bones[j]
				b.Name = c.str(b.Name)
				b.Location = c.vec(wide)
				b.Rotation = c.vec(wide)
			}
		}
		r.pk.bones.Records = recs
		return c.finish()
	})
	if err != nil {
		return nil, err
	}
	return &r.pk.bones, nil
}

func (r *Reader) decodeWheels(wire uint8, p []byte) (Packet, error) {
	c := r.newCursor(wire, p)
	at := c.i
	n := int(c.u16())
	if c.count(at, n, wheelsMin) {
		recs := resize(r.pk.wheels.Records, n)
		for i := range recs {
			vw := &recs[i]
			vw.ID = c.u32()
			at := c.i
			k := int(c.u32())
			if !c.count(at, k, wheelStateRec) {
				break
			}
			vw.Wheels = resize(vw.Wheels, k)
			for j := range vw.Wheels {
				vw.Wheels[j] = WheelState{Location: c.u8(), SteeringAngle: c.f32(), TireRotation: c.f32()}
			}
		}
		r.pk.wheels.Records = recs
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	return &r.pk.wheels, nil
}
