package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/render/ebitenrender"
)

func TestGLHint(t *testing.T) {
	failed := errors.New("glfw: failed to create the window")
	if err := glHint(nil, ebitenrender.GLChoice{Desktop: true}); err != nil {
		t.Errorf("no error became %v", err)
	}
	if err := glHint(failed, ebitenrender.GLChoice{}); err != failed {
		t.Errorf("with Ebitengine's default, the error became %v", err)
	}
	err := glHint(failed, ebitenrender.GLChoice{Desktop: true})
	if !errors.Is(err, failed) || !strings.Contains(err.Error(), ebitenrender.GLEnv+"=es") {
		t.Errorf("with GLX: %v, want the error and how to go back to OpenGL ES", err)
	}
}
