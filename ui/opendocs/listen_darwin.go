//go:build darwin

package opendocs

import (
	"errors"

	"github.com/ebitengine/purego/cstrings"
	"github.com/ebitengine/purego/objc"
)

// The Objective-C side, through purego's runtime package (no cgo).
// Ebitengine v2.10.4's GLFW registers its application delegate class and
// sets the delegate inside ebiten.RunGame, then runs the launch there:
// AppKit dispatches the documents the app was launched with during that
// launch, before RunGame returns control to the game. Listen, called
// before RunGame, therefore waits for NSApplicationWillFinishLaunching-
// Notification (posted after the delegate is set, before those documents
// are dispatched) and adds two methods to the delegate's class then;
// from that moment they also serve files opened while the viewer runs.

var (
	selOpenURLs     = objc.RegisterName("application:openURLs:")
	selOpenFiles    = objc.RegisterName("application:openFiles:")
	selReply        = objc.RegisterName("replyToOpenOrPrint:")
	selCount        = objc.RegisterName("count")
	selObjectAt     = objc.RegisterName("objectAtIndex:")
	selIsFileURL    = objc.RegisterName("isFileURL")
	selPath         = objc.RegisterName("path")
	selDelegate     = objc.RegisterName("delegate")
	selObject       = objc.RegisterName("object")
	selDefault      = objc.RegisterName("defaultCenter")
	selAddObserver  = objc.RegisterName("addObserverForName:object:queue:usingBlock:")
	selStringWithC  = objc.RegisterName("stringWithUTF8String:")
	selRetain       = objc.RegisterName("retain")
	selRespondsToSe = objc.RegisterName("respondsToSelector:")
)

// methodTypes is the Objective-C type encoding of both methods:
// void (id self, SEL _cmd, NSApplication *app, NSArray *items).
const methodTypes = "v@:@@"

// Listen arranges for open-documents events to reach in. Call it once,
// on the main thread, before ebiten.RunGame.
func (in *Inbox) Listen() error {
	center := objc.ID(objc.GetClass("NSNotificationCenter")).Send(selDefault)
	name := objc.ID(objc.GetClass("NSString")).Send(selStringWithC, "NSApplicationWillFinishLaunchingNotification\x00")
	if center == 0 || name == 0 {
		return errors.New("open documents: no notification center")
	}
	block := objc.NewBlock(func(_ objc.Block, note objc.ID) {
		in.addTo(note.Send(selObject).Send(selDelegate))
	})
	// The center keeps its copy of the block; the observer it returns is
	// kept for the life of the process (it is never removed).
	observer := center.Send(selAddObserver, name, objc.ID(0), objc.ID(0), block)
	if observer == 0 {
		return errors.New("open documents: could not observe the launch")
	}
	observer.Send(selRetain)
	return nil
}

// addTo adds the open-documents methods to the delegate's class, unless
// it has them already (a second launch notification, or a future
// Ebitengine that handles the event itself).
func (in *Inbox) addTo(delegate objc.ID) {
	if delegate == 0 || objc.Send[bool](delegate, selRespondsToSe, selOpenURLs) {
		return
	}
	cls := delegate.Class()
	// application:openURLs: is what AppKit calls when the delegate has
	// it (macOS 10.13 and later); application:openFiles: is for the
	// case it does not, and must answer replyToOpenOrPrint:.
	cls.AddMethod(selOpenURLs, objc.NewIMP(func(_ objc.ID, _ objc.SEL, _ objc.ID, urls objc.ID) {
		in.Add(filePaths(urls, true))
	}), methodTypes)
	cls.AddMethod(selOpenFiles, objc.NewIMP(func(_ objc.ID, _ objc.SEL, app objc.ID, files objc.ID) {
		in.Add(filePaths(files, false))
		app.Send(selReply, uintptr(0)) // NSApplicationDelegateReplySuccess
	}), methodTypes)
}

// filePaths reads an NSArray of NSURL (file URLs only) or of NSString
// paths into Go strings.
func filePaths(items objc.ID, urls bool) []string {
	n := objc.Send[uint](items, selCount)
	paths := make([]string, 0, n)
	for i := range n {
		it := items.Send(selObjectAt, i)
		if urls {
			if !objc.Send[bool](it, selIsFileURL) {
				continue
			}
			it = it.Send(selPath)
		}
		paths = append(paths, cstrings.NSStringToString(it))
	}
	return paths
}
