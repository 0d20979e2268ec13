package app

// How far run B's actors are from run A's: the actor inspector shows the
// selected actor's divergence, the distance between where it is in A and
// where its match is in B at the clock's time.

// MatchB returns the id in run B of A's actor id: the same id when B has
// an actor of that id and blueprint at the clock's time.
func (a *App) MatchB(id uint32) (uint32, bool) {
	st, b := a.State(), a.CompareState()
	if st == nil || b == nil || id == 0 {
		return 0, false
	}
	act, other := st.Actor(id), b.Actor(id)
	if act == nil || other == nil || act.Blueprint != other.Blueprint {
		return 0, false
	}
	return id, true
}

// Divergence returns the distance in metres between A's actor id and its
// match in B at the clock's time, with the match's id; ok is false when
// it has no match there.
func (a *App) Divergence(id uint32) (metres float64, bID uint32, ok bool) {
	bID, ok = a.MatchB(id)
	if !ok {
		return 0, 0, false
	}
	pa := a.State().Actor(id).World.Location
	pb := a.CompareState().Actor(bID).World.Location
	return pa.Sub(pb).Len(), bID, true
}

// actorDivergence writes the actor panel's line on run B.
func (a *App) actorDivergence(l *Lines, id uint32) {
	if a.CompareState() == nil {
		return
	}
	d, bID, ok := a.Divergence(id)
	if !ok {
		l.Kv("vs run B", "no match in B now")
		return
	}
	l.S("vs run B").Tab().F(d, 2).S(" m from B's ").U(uint64(bID)).End()
}

// compareStatus writes the status line's part on comparing: what shows
// and B's offset.
func (a *App) compareStatus(l *Lines) {
	if a.cmp.res == nil {
		return
	}
	l.S("  |  showing ").S(a.cmp.runs.String())
	if a.cmp.offset != 0 {
		l.buf = appendOffset(append(l.buf, ", B "...), a.cmp.offset)
	}
}
