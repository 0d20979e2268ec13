package fleet

import (
	"context"
	"runtime"
	"sync"
)

// CheckAll checks the items on opt.Jobs workers and hands each Run to
// done, on the caller's goroutine, as it finishes (or in the order given
// with opt.Ordered). At most twice Jobs recordings are under way or
// waiting for their turn at once, and each is closed when checked, so
// that memory is bounded by the number of workers, not of recordings:
// done should write the run out and let it go.
func CheckAll(ctx context.Context, items []Item, opt *Options, done func(*Run)) {
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type result struct {
		i int
		r *Run
	}
	tasks := make(chan int)
	results := make(chan result, jobs)
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for i := range tasks {
				it := items[i]
				if it.Err != nil {
					results <- result{i, &Run{Recording: it.Path, Err: it.Err, Failed: true}}
					continue
				}
				results <- result{i, Check(ctx, it.Path, opt)}
			}
		})
	}
	window := 2 * jobs
	pending := map[int]*Run{}
	next, delivered := 0, 0
	deliver := func(res result) {
		if !opt.Ordered {
			done(res.r)
			delivered++
			return
		}
		pending[res.i] = res.r
		for r, ok := pending[delivered]; ok; r, ok = pending[delivered] {
			delete(pending, delivered)
			done(r)
			delivered++
		}
	}
	for delivered < len(items) {
		if next < len(items) && next < delivered+window {
			select {
			case tasks <- next:
				next++
			case res := <-results:
				deliver(res)
			}
			continue
		}
		deliver(<-results)
	}
	close(tasks)
	wg.Wait()
}
