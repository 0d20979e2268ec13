package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/render/offscreen"
)

// The outputs of `viewer clip`: a GIF, numbered PNGs, or an MP4 by ffmpeg.

// clipKind is an output kind.
type clipKind uint8

const (
	clipGIF clipKind = iota
	clipPNGs
	clipMP4
)

// clipSink takes a clip's frames in order. close finishes the output
// (ok: every frame went in) or, after an error, removes what cannot be
// finished.
type clipSink interface {
	add(i int, img *image.RGBA) error
	close(ok bool) error
}

// gifSink collects the frames and writes the GIF at the end (a GIF's
// frames are written once all are known: image/gif encodes them whole).
type gifSink struct {
	path string
	enc  *offscreen.GIF
}

func (s *gifSink) add(_ int, img *image.RGBA) error { s.enc.Add(img); return nil }

func (s *gifSink) close(ok bool) error {
	if !ok {
		return nil
	}
	return writeFile(s.path, s.enc.Encode)
}

// writeFile creates path and writes it with encode, buffered.
func writeFile(path string, encode func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = encode(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// pngSink writes frame i as DIR/frame-<i>.png, zero-padded so that the
// names sort in order.
type pngSink struct {
	dir    string
	digits int
	enc    png.Encoder
}

func (s *pngSink) add(i int, img *image.RGBA) error {
	name := filepath.Join(s.dir, fmt.Sprintf("frame-%0*d.png", s.digits, i))
	return writeFile(name, func(w io.Writer) error { return s.enc.Encode(w, img) })
}

func (s *pngSink) close(bool) error { return nil }

// errNoFFmpeg says what is missing and what works without it.
var errNoFFmpeg = errors.New("writing an MP4 needs ffmpeg, and no ffmpeg was found on the PATH; " +
	"install ffmpeg, or write a GIF (--out F.gif) or numbered PNGs (--out DIR/)")

// findFFmpeg checks that ffmpeg can be run, before any work is done.
func findFFmpeg() error {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		return errNoFFmpeg
	}
	return nil
}

// ffmpegSink pipes raw RGBA frames to ffmpeg, which encodes the MP4.
type ffmpegSink struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	stderr bytes.Buffer
	out    string
	done   bool  // ffmpeg has been waited for
	err    error // its exit
}

// startFFmpeg starts ffmpeg reading w x h RGBA frames at fps on its input.
// Odd sizes are padded by a pixel: the H.264 profile players accept
// wants even sides.
func startFFmpeg(out string, w, h int, fps float64) (clipSink, error) {
	s := &ffmpegSink{out: out}
	s.cmd = exec.Command("ffmpeg", "-y", "-loglevel", "error",
		"-f", "rawvideo", "-pix_fmt", "rgba", "-s", strconv.Itoa(w)+"x"+strconv.Itoa(h),
		"-r", strconv.FormatFloat(fps, 'g', -1, 64), "-i", "-",
		"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-movflags", "+faststart", out)
	s.cmd.Stderr = &s.stderr
	in, err := s.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	s.in = in
	if err := s.cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, errNoFFmpeg
		}
		return nil, fmt.Errorf("ffmpeg: %w", err)
	}
	return s, nil
}

func (s *ffmpegSink) add(_ int, img *image.RGBA) error {
	if _, err := s.in.Write(img.Pix); err != nil {
		// ffmpeg gave up: its exit and its message say why.
		if werr := s.wait(); werr != nil {
			return s.failed(werr)
		}
		return s.failed(fmt.Errorf("it stopped reading frames: %w", err))
	}
	return nil
}

// wait ends ffmpeg's input and waits for it to finish, once.
func (s *ffmpegSink) wait() error {
	if !s.done {
		s.done = true
		s.in.Close()
		s.err = s.cmd.Wait()
	}
	return s.err
}

func (s *ffmpegSink) close(ok bool) error {
	err := s.wait()
	if !ok {
		os.Remove(s.out)
		return nil
	}
	if err != nil {
		return s.failed(err)
	}
	return nil
}

// failed adds what ffmpeg said to err.
func (s *ffmpegSink) failed(err error) error {
	if msg := strings.TrimSpace(s.stderr.String()); msg != "" {
		return fmt.Errorf("ffmpeg writing %s: %v: %s", s.out, err, msg)
	}
	return fmt.Errorf("ffmpeg writing %s: %w", s.out, err)
}
