package main

import (
	"fmt"
	"strings"
)

// The Linux desktop entry: what puts the viewer in the application menu
// and offers it for the file types (freedesktop Desktop Entry
// Specification 1.5, checked by desktop-file-validate in the tests).

// desktopCategories place the viewer with the development tools: it is
// for people who debug driving AI (Debugger is one of Development's
// additional categories).
var desktopCategories = []string{"Development", "Debugger"}

// desktopKeywords are what a menu search finds it by, besides its names.
var desktopKeywords = []string{"CARLA", "Midtown Madness", "recording", "replay", "traffic", "map", "BAI"}

// desktopEntry is the .desktop file. Exec is `viewer %F`: the menu starts
// the binary found on PATH with any number of files (%F); install.sh
// replaces the command by the absolute path it installed, because a
// desktop session's PATH often lacks ~/.local/bin until the next login.
func desktopEntry() string {
	var mimes []string
	for _, d := range docTypes {
		mimes = append(mimes, d.mime)
	}
	list := func(xs []string) string { return strings.Join(xs, ";") + ";" }
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "%s=%s\n", k, v) }
	b.WriteString("[Desktop Entry]\n")
	line("Type", "Application")
	line("Version", "1.4") // 1.5 adds nothing used here, and older validators reject it
	line("Name", appName)
	line("GenericName", genericName)
	line("Comment", summary)
	line("Icon", appID)
	line("Exec", binName+" %F")
	line("Terminal", "false")
	line("Categories", list(desktopCategories))
	line("Keywords", list(desktopKeywords))
	line("MimeType", list(mimes))
	return b.String()
}
