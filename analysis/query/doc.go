// Package query answers the questions CARLA's recorder answers about a
// recording (client.show_recorder_file_info, show_recorder_collisions and
// show_recorder_actors_blocked), from the decoded packets alone, without a
// simulator. `viewer info`, `viewer collisions` and `viewer blocked` print
// its reports.
//
// It stands on the analysis floor, above package scene, and the
// blocked-actor rule is scene's (scene.BlockScan): the timeline's blocked
// spans follow the same code, so they cannot drift from what
// `viewer blocked` prints. Blocked feeds the rule the packets and lays
// out its stops as CARLA does.
//
// The text output copies CARLA's layout byte for byte (C++ iostream number
// formatting, column widths, the order of lines) so that scripts written
// for CARLA's output read ours. Each query also has a JSON form with the
// same information in named fields, for users who scrape CARLA's text today.
//
// # Where we differ from CARLA
//
// CARLA's queries have bugs; this package does not copy them. Each one is
// listed here and in docs/CARLA-DIFFERENCES.md:
//
//   - Forgetting the wrong actor. On EventDel CARLA's collision and blocked
//     queries erase the id of the LAST ACTOR CREATED (EventAdd.DatabaseId)
//     instead of the destroyed one. The destroyed actor then lingers, and is
//     reported blocked until the end of the recording if it stood still
//     before it was destroyed; the last created actor loses its name, its
//     category and its stop time. We forget the destroyed actor; a blocked
//     actor that is destroyed is reported with the time it stood still.
//   - Actor categories. CARLA maps actor types to letters through
//     {o, v, w, t, h, a}, so a traffic sign (type 4) becomes "h" (hero) and
//     a sensor (type 5) "a", and types from 6 on read past the array. We map
//     0 o, 1 v, 2 w, 3 t and every other type to o.
//   - The same collision twice in one frame. CARLA compares a collision only
//     with the previous frame's, so a pair reported twice in one frame prints
//     two rows. We print one.
//   - The last frame's duration. The last frame keeps the duration -1 in the
//     file; CARLA adds it to every stopped actor, which shortens each final
//     stop by a second. We add nothing for it (nor for any duration that is
//     not a finite positive time).
//   - The first position. CARLA measures an actor's first position against
//     the origin (0, 0, 0), so an actor that starts within min distance of
//     the origin counts as stopped from its first frame. We take the first
//     position as the starting point.
//   - Ties and order. CARLA lists blocked actors still stopped at the end in
//     hash-map order after equal durations; we sort by duration (longest
//     first), then start time, then id.
//   - Number format after a collision row. CARLA's collision table leaves
//     its stream in fixed, zero-decimal mode, so when at least one row was
//     printed the final "Duration:" line is rounded to whole seconds. We
//     always print it like the file-info query does (6 significant digits).
//   - Show-all text: CARLA prints a door packet as "Doors opened:" even when
//     the door closes and, for a door value it does not know, leaves the line
//     without its end; we print "Doors closed:" for a closing door and
//     "Unknown N" for an unknown door. Packets CARLA's show_all skips
//     (collision packets are the exception: both print them) get blocks of
//     our own in CARLA's style: see showall.go.
package query
