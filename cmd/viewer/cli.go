// The subcommands' common frame (info, collisions, blocked, bai, state,
// demo, shot, ...). It sits in package main, on the top floor beside
// main.go, which only hands the process's arguments and streams to Main:
// every command is tested by calling Main with arguments and buffers,
// without building a binary.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit statuses of the viewer.
const (
	ExitOK       = 0
	ExitBadInput = 1
	ExitUsage    = 2
)

// Env is what a command may touch of the outside world.
type Env struct {
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable (os.Getenv in the binary).
	Getenv func(string) string
}

// Command is one subcommand.
type Command struct {
	Name    string
	Summary string // one line for `viewer help`
	Usage   string // the synopsis after the command name, e.g. "FILE [--json]"
	// Run does the work. Returning a UsageError gives exit status 2,
	// any other error exit status 1.
	Run func(env *Env, args []string) error
}

// ExitStatus is an outcome that is not an error but has an exit status
// of its own (`viewer check` exits 3 when it finds faults).
type ExitStatus struct{ Code int }

func (e *ExitStatus) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// UsageError reports a command line that does not make sense.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef builds a UsageError.
func Usagef(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}

// IsCommand reports whether name is a subcommand, so that main can tell
// `viewer info x.log` from `viewer x.log`.
func IsCommand(name string) bool {
	return name == "help" || lookup(name) != nil
}

func lookup(name string) *Command {
	for _, c := range commands() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Main runs the subcommand named by args[0] and returns the exit status.
func Main(env *Env, args []string) int {
	if len(args) == 0 || !IsCommand(args[0]) {
		fmt.Fprintln(env.Stderr, "viewer: no such command (run 'viewer help')")
		return ExitUsage
	}
	if args[0] == "help" {
		return help(env, args[1:])
	}
	c := lookup(args[0])
	err := c.Run(env, args[1:])
	return report(env, c, err)
}

func report(env *Env, c *Command, err error) int {
	var ue *UsageError
	var es *ExitStatus
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &es):
		return es.Code
	case errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.As(err, &ue):
		fmt.Fprintf(env.Stderr, "viewer %s: %v\nusage: viewer %s %s\n", c.Name, ue.Msg, c.Name, c.Usage)
		return ExitUsage
	default:
		fmt.Fprintf(env.Stderr, "viewer %s: %v\n", c.Name, err)
		return ExitBadInput
	}
}

func help(env *Env, args []string) int {
	if len(args) > 0 {
		c := lookup(args[0])
		if c == nil {
			fmt.Fprintf(env.Stderr, "viewer help: no command %q\n", args[0])
			return ExitUsage
		}
		return report(env, c, c.Run(env, []string{"-h"}))
	}
	w := env.Stdout
	fmt.Fprintln(w, "viewer: a 3D replay viewer for CARLA recordings and Midtown Madness 2 AI maps")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage:")
	fmt.Fprintln(w, "  viewer [FILES...]            open the window (no files: the built-in demo);")
	fmt.Fprintln(w, "                               files are CARLA recordings and MM2 .bai maps, told apart by content")
	fmt.Fprintln(w, "  viewer --size WxH            open the window at this size (logical pixels)")
	fmt.Fprintln(w, "  viewer --screenshot F.png [--frames N] [FILES...]")
	fmt.Fprintln(w, "                               write the window to F.png N frames after loading, then exit")
	fmt.Fprintln(w, "  viewer COMMAND [ARGS...]     run a command")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	listCommands(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'viewer COMMAND -h' for a command's options.")
	return ExitOK
}

// listCommands writes every command's name and summary, one a line, by
// name (for `viewer help` and `viewer --help`).
func listCommands(w io.Writer) {
	cs := commands()
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	for _, c := range cs {
		fmt.Fprintf(w, "  %-12s %s\n", c.Name, c.Summary)
	}
}

// NewFlags makes a FlagSet for a command whose -h text lists the synopsis,
// the summary and the flags, written to env.Stdout (asked-for help is not
// an error). Parse errors come back as UsageErrors.
func NewFlags(env *Env, c *Command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(env.Stdout, "usage: viewer %s %s\n\n%s\n", c.Name, c.Usage, c.Summary)
		var b strings.Builder
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		if b.Len() > 0 {
			fmt.Fprintf(env.Stdout, "\noptions:\n%s", b.String())
		}
	}
	return fs
}

// Parse parses args with flags allowed before and after the positional
// arguments (Go's flag package stops at the first positional one, but
// users write `viewer info FILE --all`). It returns the positionals.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	// The flag package calls Usage on -h and on every bad flag. The full
	// help belongs only to -h (on stdout); a bad flag gets the error and
	// the one-line synopsis on stderr from Main. So Usage is silenced
	// while parsing and called here for -h alone.
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, err
			}
			return nil, &UsageError{Msg: err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseNoArgs parses the flags of a command that takes no argument
// (version, licenses) and refuses any.
func parseNoArgs(env *Env, c *Command, args []string) error {
	pos, err := Parse(NewFlags(env, c), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return Usagef("takes no arguments")
	}
	return nil
}
