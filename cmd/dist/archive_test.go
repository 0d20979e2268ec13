package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"reflect"
	"testing"
	"time"
)

var sample = []file{
	{name: "top/viewer", mode: modeExec, data: []byte("\x7fELF binary")},
	{name: "top/share/applications/x.desktop", mode: modeFile, data: []byte("[Desktop Entry]\n")},
	{name: "top/install.sh", mode: modeExec, data: []byte("#!/bin/sh\n")},
}

var mtime = time.Date(2026, 11, 25, 9, 46, 53, 0, time.UTC)

// TestArchivesRoundTrip writes both formats and reads them back: the same
// files with the same modes and bytes (sorted by name), each directory
// listed before what it holds, the commit's time on every entry, and the
// same bytes when written twice.
func TestArchivesRoundTrip(t *testing.T) {
	want := []file{sample[2], sample[1], sample[0]} // by name
	for _, format := range []struct {
		name  string
		write func(io.Writer, []file, time.Time) error
		list  func(t *testing.T, b []byte) (names []string, times []time.Time)
	}{
		{"x.tar.gz", writeTarGz, listTar},
		{"x.zip", writeZip, listZip},
	} {
		t.Run(format.name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := format.write(&a, sample, mtime); err != nil {
				t.Fatal(err)
			}
			if err := format.write(&b, sample, mtime); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Error("two writes of the same files differ")
			}
			got, err := readArchive(format.name, a.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read back %+v\nwant %+v", got, want)
			}
			names, times := format.list(t, a.Bytes())
			wantNames := []string{"top/", "top/install.sh", "top/share/", "top/share/applications/", "top/share/applications/x.desktop", "top/viewer"}
			if !reflect.DeepEqual(names, wantNames) {
				t.Errorf("entries %q\nwant %q", names, wantNames)
			}
			for i, tm := range times {
				if !tm.Equal(mtime) {
					t.Errorf("%s has time %v, want %v", names[i], tm, mtime)
				}
			}
		})
	}
}

func listTar(t *testing.T, b []byte) ([]string, []time.Time) {
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	var times []time.Time
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names, times
		}
		if err != nil {
			t.Fatal(err)
		}
		names, times = append(names, h.Name), append(times, h.ModTime)
	}
}

func listZip(t *testing.T, b []byte) ([]string, []time.Time) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var times []time.Time
	for _, f := range zr.File {
		names, times = append(names, f.Name), append(times, f.Modified.UTC())
	}
	return names, times
}

// TestReadArchiveRefusesLinks: a package never holds links, and the
// checks must not follow one.
func TestReadArchiveRefusesLinks(t *testing.T) {
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: "top/viewer", Typeflag: tar.TypeSymlink, Linkname: "/bin/sh", Mode: int64(fs.ModePerm)}); err != nil {
		t.Fatal(err)
	}
	tw.Close()
	gz.Close()
	if _, err := readArchive("x.tar.gz", b.Bytes()); err == nil {
		t.Error("a symlink was accepted")
	}
}
