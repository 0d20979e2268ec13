package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/query"
	"github.com/mm2carla/viewer/format/recorder"
)

const infoHelp = `
Prints what CARLA's client.show_recorder_file_info prints, byte for byte:
the header (version, map, date in the local time zone, or the zone of TZ),
every frame that creates, destroys, attaches or collides actors with those
events, then the id and time of the last frame. --all adds every packet of
every frame, as CARLA's show_all does (packets CARLA does not print get
blocks in the same style). --json gives the same information as one JSON
document: header, frames with events (and packets with --all), totals and
error.

A file that stops making sense prints the frames read before the bad
bytes, then an error with the byte offset, and exits with status 1.
`

// cmdInfo is `viewer info`: CARLA's show_recorder_file_info.
func cmdInfo() *Command {
	c := &Command{
		Name:    "info",
		Summary: "print a recording's events, as CARLA's show_recorder_file_info",
		Usage:   "FILE [--all] [--json]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, infoHelp)
		all := fs.Bool("all", false, "print every packet of every frame (CARLA's show_all)")
		asJSON := fs.Bool("json", false, "print one JSON document instead of CARLA's text")
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return Usagef("want one FILE, got %d arguments", len(pos))
		}
		rd, f, err := openRecording(pos[0])
		if err != nil {
			return err
		}
		defer f.Close()
		opt := query.InfoOptions{All: *all, Location: location(env)}
		if *asJSON {
			err = query.InfoJSON(rd, env.Stdout, opt)
		} else {
			err = query.Info(rd, env.Stdout, opt)
		}
		return fileErr(pos[0], err)
	}
	return c
}

// The helpers below are shared by info, collisions and blocked.

// newQueryFlags is NewFlags with a paragraph of help after the options.
func newQueryFlags(env *Env, c *Command, more string) *flag.FlagSet {
	fs := NewFlags(env, c)
	base := fs.Usage
	fs.Usage = func() {
		base()
		io.WriteString(env.Stdout, more)
	}
	return fs
}

// tableReport is the answer of a table query (collisions, blocked).
type tableReport interface {
	WriteText(w io.Writer, loc *time.Location) error
	WriteJSON(w io.Writer, loc *time.Location) error
}

// runReport opens the recording at path, answers it with q, and prints the
// report as text or JSON. A decode error that stopped the query still
// prints what was found, then is returned naming the file.
func runReport(env *Env, path string, asJSON bool, q func(query.Source) (tableReport, error)) error {
	rd, f, err := openRecording(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rep, qerr := q(rd)
	if rep == nil {
		return qerr
	}
	if asJSON {
		err = rep.WriteJSON(env.Stdout, location(env))
	} else {
		err = rep.WriteText(env.Stdout, location(env))
	}
	if qerr != nil {
		return fileErr(path, qerr)
	}
	return err
}

// openRecording opens a recording and reads its header. Errors name the
// file.
func openRecording(path string) (*recorder.Reader, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err // *fs.PathError names the file
	}
	rd, err := recorder.NewReader(f)
	if err != nil {
		f.Close()
		return nil, nil, fileErr(path, err)
	}
	return rd, f, nil
}

// fileErr puts the file name before a decode error, whose message has the
// byte offset, and before the lane pass's refusal of a recording's claim;
// other errors (reads, writes) already say what failed.
func fileErr(path string, err error) error {
	var fe *recorder.FormatError
	var ce *lanes.ClaimError
	if errors.As(err, &fe) || errors.As(err, &ce) {
		return fmt.Errorf("%s: %w%s", path, err, mapHint(path, fe))
	}
	return err
}

// mapHint names the kind of a map given where a recording was wanted, and
// the command that reads it: "not a CARLA recorder file" alone leaves a
// user who passed the wrong one of their two files guessing.
func mapHint(path string, fe *recorder.FormatError) string {
	if fe == nil || fe.Offset != 2 || !strings.HasPrefix(fe.Msg, "not a CARLA recorder file") {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, pipeline.XMLSniffLen)
	n, _ := io.ReadFull(f, head)
	switch {
	case pipeline.Sniff(head[:n]) != pipeline.KindMap:
		return ""
	case pipeline.IsOpenDRIVE(head[:n]):
		return " (it is an OpenDRIVE map: give it after a recording)"
	}
	return " (it is a Midtown Madness 2 AI map: viewer bai summarises it; give it after a recording)"
}

// location is the time zone of dates: TZ from the command's environment
// when it names a zone (so that tests can fix it), else the machine's.
func location(env *Env) *time.Location {
	if env.Getenv == nil {
		return time.Local
	}
	tz := strings.TrimPrefix(env.Getenv("TZ"), ":")
	if tz == "" {
		return time.Local
	}
	if loc, err := time.LoadLocation(tz); err == nil {
		return loc
	}
	return time.Local
}
