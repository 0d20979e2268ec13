package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

// The archives users download. Every package is first laid out as a list
// of files in memory (a few tens of MB), so that the layout can be tested
// without writing anything, then written as a .tar.gz (Linux: keeps the
// executable bits for tar and every file manager) or a .zip (what
// Windows' Explorer and macOS' Finder open with a double-click). Entries
// are sorted, directories listed, and every time stamp is the commit's,
// so that two builds of one commit give the same bytes.

// file is one entry of a package.
type file struct {
	name string // slash-separated path inside the archive
	mode fs.FileMode
	data []byte
}

// Modes of the files in the packages.
const (
	modeFile = 0o644
	modeExec = 0o755
	modeDir  = fs.ModeDir | 0o755
)

// withDirs adds every parent directory of the files, then sorts by name,
// so that unpacking tools that want a directory before its files (and
// users listing the archive) see a tidy tree.
func withDirs(files []file) []file {
	seen := map[string]bool{}
	out := append([]file(nil), files...)
	for _, f := range files {
		for d := path.Dir(f.name); d != "." && d != "/" && !seen[d]; d = path.Dir(d) {
			seen[d] = true
			out = append(out, file{name: d + "/", mode: modeDir})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// writeTarGz writes files (and their directories) as a gzip-compressed
// tar, owned by root with the given modes.
func writeTarGz(w io.Writer, files []file, mtime time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, f := range withDirs(files) {
		h := &tar.Header{Name: f.name, Mode: int64(f.mode.Perm()), ModTime: mtime, Format: tar.FormatPAX, Uname: "root", Gname: "root"}
		if f.mode.IsDir() {
			h.Typeflag = tar.TypeDir
		} else {
			h.Typeflag, h.Size = tar.TypeReg, int64(len(f.data))
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(f.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes files (and their directories) as a zip whose entries
// carry Unix modes, so that the macOS executable stays executable when
// Finder unpacks it.
func writeZip(w io.Writer, files []file, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, f := range withDirs(files) {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(f.mode)
		if f.mode.IsDir() {
			h.Method = zip.Store
		}
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// readArchive lists a .tar.gz or .zip written by writeTarGz or writeZip,
// directories left out: the checks and the tests read the packages back
// with it.
func readArchive(name string, data []byte) ([]file, error) {
	if strings.HasSuffix(name, ".zip") {
		return readZip(data)
	}
	return readTarGz(data)
}

func readTarGz(data []byte) ([]file, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	var out []file
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag == tar.TypeDir {
			continue
		}
		if h.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("%s: entry of type %q, want plain files", h.Name, h.Typeflag)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		out = append(out, file{name: h.Name, mode: fs.FileMode(h.Mode).Perm(), data: b})
	}
}

func readZip(data []byte) ([]file, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var out []file
	for _, zf := range zr.File {
		if zf.Mode().IsDir() {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", zf.Name, err)
		}
		out = append(out, file{name: zf.Name, mode: zf.Mode().Perm(), data: b})
	}
	return out, nil
}
