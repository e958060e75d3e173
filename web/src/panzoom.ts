// Pan and zoom for an SVG board: mouse wheel and drag on a desktop, one-finger drag and
// two-finger pinch on touch. The world group carries translate(tx,ty) scale(k); the svg's
// viewBox is its pixel size, so one unit is one CSS pixel before the world transform.
import { clampScale, fitTransform, zoomAt, type Box, type Transform } from "./panzoom_math";

export class PanZoom {
  private t: Transform = { k: 1, tx: 0, ty: 0 };
  private content: Box = { x: -100, y: -100, w: 300, h: 300 };
  private touched = false; // the user moved the view: stop fitting automatically
  private pointers = new Map<number, { x: number; y: number }>();
  private dragDist = 0;
  private lastDragEnd = 0;
  private pinch: { d: number; k: number } | null = null;
  private readonly observer: ResizeObserver;

  constructor(private readonly svg: SVGSVGElement, private readonly world: SVGGElement) {
    svg.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    svg.addEventListener("pointerdown", (e) => this.onDown(e));
    svg.addEventListener("pointermove", (e) => this.onMove(e));
    svg.addEventListener("pointerup", (e) => this.onUp(e));
    svg.addEventListener("pointercancel", (e) => this.onUp(e));
    this.observer = new ResizeObserver(() => {
      this.sizeViewBox();
      if (!this.touched) this.fit();
    });
    this.observer.observe(svg);
  }

  // Stops watching the board's size (the listeners go with the svg element).
  destroy() {
    this.observer.disconnect();
  }

  private size(): { w: number; h: number } {
    const r = this.svg.getBoundingClientRect();
    return { w: Math.max(1, r.width), h: Math.max(1, r.height) };
  }

  private sizeViewBox() {
    const { w, h } = this.size();
    this.svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  }

  private apply() {
    this.world.setAttribute("transform", `translate(${this.t.tx},${this.t.ty}) scale(${this.t.k})`);
  }

  setContent(b: Box) {
    this.content = b;
  }

  autoFit() {
    if (!this.touched) this.fit();
  }

  fit() {
    this.touched = false;
    this.sizeViewBox();
    const { w, h } = this.size();
    // keep clear of the legend (top) and the zoom buttons (bottom)
    const top = 34;
    const bottom = 52;
    const t = fitTransform(this.content, w, Math.max(1, h - top - bottom), 12);
    this.t = { ...t, ty: t.ty + top };
    this.apply();
  }

  zoomBy(f: number) {
    const { w, h } = this.size();
    this.touched = true;
    this.t = zoomAt(this.t, w / 2, h / 2, clampScale(this.t.k * f));
    this.apply();
  }

  // True right after a drag: the click that ends a drag must not act on a cell.
  wasDrag(): boolean {
    return performance.now() - this.lastDragEnd < 50 || this.dragDist > 8;
  }

  private local(e: { clientX: number; clientY: number }) {
    const r = this.svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private onWheel(e: WheelEvent) {
    e.preventDefault();
    const p = this.local(e);
    this.touched = true;
    this.t = zoomAt(this.t, p.x, p.y, clampScale(this.t.k * Math.exp(-e.deltaY * 0.0015)));
    this.apply();
  }

  private onDown(e: PointerEvent) {
    this.pointers.set(e.pointerId, this.local(e));
    if (this.pointers.size === 1) this.dragDist = 0;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), k: this.t.k };
    }
  }

  private onMove(e: PointerEvent) {
    const prev = this.pointers.get(e.pointerId);
    if (!prev) return;
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    if (this.pointers.size === 1) {
      const dx = p.x - prev.x;
      const dy = p.y - prev.y;
      this.dragDist += Math.abs(dx) + Math.abs(dy);
      if (this.dragDist > 8) {
        // capture only once it is a drag, so that a tap still clicks the cell under it
        if (!this.svg.hasPointerCapture(e.pointerId)) this.svg.setPointerCapture(e.pointerId);
        this.touched = true;
        this.t = { ...this.t, tx: this.t.tx + dx, ty: this.t.ty + dy };
        this.apply();
      }
    } else if (this.pointers.size === 2 && this.pinch) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.dragDist = 100;
      this.touched = true;
      this.t = zoomAt(this.t, mid.x, mid.y, clampScale((this.pinch.k * d) / Math.max(1, this.pinch.d)));
      this.apply();
    }
  }

  private onUp(e: PointerEvent) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.dragDist > 8) this.lastDragEnd = performance.now();
    if (this.pointers.size === 0) window.setTimeout(() => (this.dragDist = 0), 0);
  }
}
