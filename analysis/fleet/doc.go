// Package fleet checks many recordings at once: the folders and files a
// user names, walked and told apart by content (pipeline.Sniff), each
// recording checked with its own map by package pipeline, on a bounded
// number of workers, and the results streamed to the caller (text, JSON
// lines, Parquet) as they finish, so that memory stays bounded whatever
// the number of recordings.
//
// Teams that develop driving agents get hundreds of recordings a night;
// the per-recording check is the unit of work, and engines they already
// run (GNU parallel, Slurm) spread it over machines, concatenating the
// JSON lines or Parquet files. This package spreads it over one
// machine's cores only: it has no scheduler or protocol of its own.
//
// It stands on the analysis floor: it imports the formats, the scene and
// the other analysis packages, and nothing above.
package fleet
