package main

import (
	"strings"
	"text/template"
)

// install.sh and uninstall.sh: the Linux package installs for the current
// user only (no root: many users work on a shared remote machine), into
// the XDG directories a desktop reads: the binary into ~/.local/bin, the
// rest under $XDG_DATA_HOME (default ~/.local/share). Both scripts are
// POSIX sh, list exactly the files of the package (generated from the
// same layout, so uninstall removes what install put), and refresh the
// desktop's caches with whichever of their tools the machine has.

// scriptData fills the templates.
type scriptData struct {
	AppID, Bin string
	Share      []string // paths under share/ that install copies
	Desktop    string   // the desktop entry's path under share/
}

var installTmpl = template.Must(template.New("install.sh").Parse(`#!/bin/sh
# Installs {{.Bin}} for the current user: the binary into
# ${XDG_BIN_HOME:-~/.local/bin}, its menu entry, icons and file types under
# ${XDG_DATA_HOME:-~/.local/share}. No root needed. Run uninstall.sh to undo.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bin=${XDG_BIN_HOME:-$HOME/.local/bin}
data=${XDG_DATA_HOME:-$HOME/.local/share}

# put SRC DEST MODE copies one file, creating its directory.
put() {
	mkdir -p "$(dirname "$2")"
	cp "$1" "$2.tmp.$$"
	chmod "$3" "$2.tmp.$$"
	mv -f "$2.tmp.$$" "$2"
}

# exec_path quotes a path for a desktop entry's Exec key: bare when it is
# plain, else in double quotes with the spec's escapes.
exec_path() {
	case $1 in
	*[!A-Za-z0-9/._+-]*)
		printf '"%s"' "$(printf '%s' "$1" | sed -e 's/%/%%/g' -e 's/\\/\\\\\\\\/g' -e 's/["$` + "`" + `]/\\\\&/g')" ;;
	*) printf '%s' "$1" ;;
	esac
}

put "$here/{{.Bin}}" "$bin/{{.Bin}}" 755
{{- range .Share}}
{{- if ne . $.Desktop}}
put "$here/share/{{.}}" "$data/{{.}}" 644
{{- end}}
{{- end}}

# The menu starts the binary by its absolute path: a desktop session's
# PATH often lacks ~/.local/bin until the next login.
mkdir -p "$data/applications"
sed "s|^Exec={{.Bin}} |Exec=$(exec_path "$bin/{{.Bin}}" | sed 's/[|&\\]/\\&/g') |" \
	"$here/share/{{.Desktop}}" >"$data/{{.Desktop}}.tmp.$$"
chmod 644 "$data/{{.Desktop}}.tmp.$$"
mv -f "$data/{{.Desktop}}.tmp.$$" "$data/{{.Desktop}}"

if command -v update-mime-database >/dev/null 2>&1; then
	update-mime-database "$data/mime"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
	update-desktop-database "$data/applications"
fi
# Icon themes notice a newer directory; a user's hicolor has no cache.
touch "$data/icons/hicolor"

echo "installed {{.Bin}} in $bin and its menu entry, icons and file types in $data"
case ":$PATH:" in
*":$bin:"*) ;;
*) echo "note: $bin is not on your PATH; the menu entry works, for the terminal add it to PATH" ;;
esac
# The desktop's Open dialog is an optional program: without it Ctrl+O
# shows the viewer's own file chooser.
if ! command -v zenity >/dev/null 2>&1 && ! command -v qarma >/dev/null 2>&1 && ! command -v matedialog >/dev/null 2>&1; then
	echo "note: zenity (optional) is not installed: Ctrl+O shows the viewer's own file chooser; install zenity (e.g. apt-get install zenity) for the desktop's Open dialog"
fi
`))

var uninstallTmpl = template.Must(template.New("uninstall.sh").Parse(`#!/bin/sh
# Removes what install.sh installed for the current user.
set -eu

bin=${XDG_BIN_HOME:-$HOME/.local/bin}
data=${XDG_DATA_HOME:-$HOME/.local/share}

rm -f "$bin/{{.Bin}}"
{{- range .Share}}
rm -f "$data/{{.}}"
{{- end}}

if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data/mime/packages" ]; then
	update-mime-database "$data/mime"
fi
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$data/applications" ]; then
	update-desktop-database "$data/applications"
fi
if [ -d "$data/icons/hicolor" ]; then
	touch "$data/icons/hicolor"
fi
echo "removed {{.Bin}} from $bin and its menu entry, icons and file types from $data"
`))

// script runs a template; the templates and their data are the program's
// own, so an error is a bug.
func script(t *template.Template, d scriptData) []byte {
	var b strings.Builder
	if err := t.Execute(&b, d); err != nil {
		panic(err)
	}
	return []byte(b.String())
}
