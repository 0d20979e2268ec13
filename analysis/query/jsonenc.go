package query

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// The JSON forms share these pieces: numbers, the header, the error, and a
// generic encoder that turns any packet into snake_case JSON for
// `info --all --json`.

// num is a float in JSON: written in the shortest form that reads back as
// the recorded value (as a float32 when it is one, which every value of a
// UE4 recording is), and null when it is NaN or infinite, which JSON
// cannot spell.
type num float64

// MarshalJSON implements json.Marshaler.
func (n num) MarshalJSON() ([]byte, error) { return appendNum(nil, float64(n)), nil }

// appendNum appends f as a num.
func appendNum(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	if float64(float32(f)) == f {
		return strconv.AppendFloat(b, f, 'g', -1, 32)
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

// vecJSON is a location, extent or velocity.
type vecJSON struct {
	X num `json:"x"`
	Y num `json:"y"`
	Z num `json:"z"`
}

func toVec(v recorder.Vec3) vecJSON { return vecJSON{num(v.X), num(v.Y), num(v.Z)} }

// rotJSON is a rotation in degrees, named by axis.
type rotJSON struct {
	Roll  num `json:"roll"`
	Pitch num `json:"pitch"`
	Yaw   num `json:"yaw"`
}

func toRot(v recorder.Vec3) rotJSON { return rotJSON{num(v.X), num(v.Y), num(v.Z)} }

// headerJSON is the info header.
type headerJSON struct {
	Version  uint16 `json:"version"`
	Magic    string `json:"magic"`
	Map      string `json:"map"`
	Date     string `json:"date"` // RFC 3339 in the query's time zone
	DateUnix int64  `json:"date_unix"`
}

func toHeader(h recorder.Header, loc *time.Location) headerJSON {
	return headerJSON{
		Version: h.Version, Magic: h.Magic, Map: h.Map,
		Date:     time.Unix(h.Date, 0).In(orLocal(loc)).Format(time.RFC3339),
		DateUnix: h.Date,
	}
}

// errorJSON is the decode error that stopped a query.
type errorJSON struct {
	Message string `json:"message"`
	Offset  *int64 `json:"offset,omitempty"` // byte offset in the file
	Packet  *int   `json:"packet,omitempty"` // wire id of the packet, if one
}

// toError returns nil for a nil error.
func toError(err error) *errorJSON {
	if err == nil {
		return nil
	}
	e := &errorJSON{Message: err.Error()}
	var fe *recorder.FormatError
	if errors.As(err, &fe) {
		e.Offset = &fe.Offset
		if fe.Packet >= 0 {
			e.Packet = &fe.Packet
		}
	}
	return e
}

// packetJSON encodes any packet as JSON by reflection: an object with
// "packet" (the Go type's name in snake_case, e.g. "traffic_light_states")
// and the struct's fields in snake_case, in declaration order, or by the
// name of a field's `json` tag when it has one (recorder.Wheel.HasPosition
// is "has_stiffness", what it means). It keeps the names per type, so that
// each name is built once.
type packetJSON struct {
	names map[reflect.Type][]string
}

// append appends p's JSON to b.
func (e *packetJSON) append(b []byte, p recorder.Packet) []byte {
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return append(b, "null"...)
		}
		v = v.Elem()
	}
	b = append(b, `{"packet":`...)
	b = appendString(b, snake(v.Type().Name()))
	if v.Kind() != reflect.Struct {
		return append(b, '}')
	}
	return e.fields(b, v, true)
}

// value appends any value.
func (e *packetJSON) value(b []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...)
		}
		return e.value(b, v.Elem())
	case reflect.Struct:
		return e.fields(append(b, '{'), v, false)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, v.Bytes())
			return append(b, '"')
		}
		fallthrough
	case reflect.Array:
		b = append(b, '[')
		for i := range v.Len() {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.value(b, v.Index(i))
		}
		return append(b, ']')
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return appendNum(b, v.Float())
	case reflect.String:
		return appendString(b, v.String())
	}
	return append(b, "null"...)
}

// fields appends the exported fields of struct v and the closing brace;
// open says an object is already open with a member in it.
func (e *packetJSON) fields(b []byte, v reflect.Value, open bool) []byte {
	t := v.Type()
	names := e.names[t]
	if names == nil {
		names = make([]string, t.NumField())
		for i := range names {
			names[i] = fieldName(t.Field(i))
		}
		if e.names == nil {
			e.names = map[reflect.Type][]string{}
		}
		e.names[t] = names
	}
	for i, name := range names {
		if !t.Field(i).IsExported() {
			continue
		}
		if open {
			b = append(b, ',')
		}
		open = true
		b = appendString(b, name)
		b = append(b, ':')
		b = e.value(b, v.Field(i))
	}
	return append(b, '}')
}

// fieldName is the JSON name of a struct field: its json tag's name, or
// its Go name in snake_case.
func fieldName(f reflect.StructField) string {
	if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
		return name
	}
	return snake(f.Name)
}

// snake turns a Go name into snake_case, keeping acronyms whole:
// "MaxRPM" is "max_rpm", "LightID" "light_id", "UID" "uid".
func snake(s string) string {
	b := make([]byte, 0, len(s)+4)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isUpper(c) {
			if i > 0 && (!isUpper(s[i-1]) || i+1 < len(s) && isLower(s[i+1])) {
				b = append(b, '_')
			}
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// appendString appends s as a JSON string; encoding/json turns invalid
// UTF-8, which a hostile file may hold, into U+FFFD.
func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}
