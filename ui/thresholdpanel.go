package ui

// thresholdsPanel draws the fault thresholds panel where the layout put
// it, where the fault list goes (the two never show at once): a row a
// threshold, its name and value, the cursor's row marked, and under them
// what that row limits.
func (h *hudText) thresholdsPanel(g *Game) {
	lb := &g.pan.list
	if lb.kind != listThresholds {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad, lh := l.px(panelPad), f.lineH
	r := lb.r
	x0, y0, w := r.x0, r.y0, r.w()
	lines := lb.list.Lines()
	panelBox(g, r)
	ty := y0 + pad + (lh-faceH(f.bold))/2
	ov.str(0, "Rules, thresholds   Up/Down choose, Left/Right change", x0+pad, ty, f.rBold, w-2*pad, colTitle)
	top := lb.rows.Top
	nameCol := l.px(140)
	for k := range lb.rows.N {
		i := lb.rows.First + k
		y := top + float64(k)*lh
		if i == lb.list.Cursor() {
			ov.rect(0, rect{x0 + l.s, y, x0 + w - l.s, y + lh}, colPlayed)
		}
		line := lines.Line(i)
		tab := indexTab(line)
		ty := y + (lh-faceH(f.regular))/2
		ov.run(0, line[:tab], x0+pad, ty, f.rRegular, nameCol, colTextDim)
		if tab < len(line) {
			ov.run(0, line[tab+1:], x0+pad+nameCol, ty, f.rRegular, w-2*pad-nameCol, colText)
		}
	}
	d := lb.detail // what the cursor's row limits
	if len(lb.detailLines) == 0 {
		return
	}
	ov.rect(0, rect{x0 + l.s, d.y0 - l.px(4), x0 + w - l.s, d.y0 - l.px(4) + max(1, l.s)}, colPanelEdge)
	for k, line := range lb.detailLines {
		ov.str(0, line, d.x0, d.y0+float64(k)*lh+(lh-faceH(f.regular))/2, f.rRegular, d.w(), colTextDim)
	}
}
