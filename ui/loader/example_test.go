package loader_test

import (
	"fmt"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/ui/loader"
)

// Start sniffs at once, so the caller knows which of its slots (map or
// recording) the file will fill, and loads in the background; a UI polls
// Result once a frame and draws Progress meanwhile.
func ExampleStart() {
	j := loader.Start(loader.BytesSource("run.log", testrec.Bytes(40)))
	fmt.Println("kind:", j.Kind())
	res := j.Wait() // a UI calls j.Result() once a frame instead
	defer res.Close()
	if res.Err != nil {
		fmt.Println(res.Err)
		return
	}
	fmt.Println("frames:", len(res.Recording.Frames()), "map:", res.Recording.Header().Map)

	bad := loader.Start(loader.BytesSource("notes.txt", []byte("hello"))).Wait()
	fmt.Println(bad.Err)
	// Output:
	// kind: recording
	// frames: 40 map: Town01
	// notes.txt: byte 0: not a CARLA recording (no CARLA_RECORDER header), a Midtown Madness 2 AI map (no CAI1 magic) nor an OpenDRIVE map (no <OpenDRIVE> root); it starts 68 65 6c 6c 6f
}
