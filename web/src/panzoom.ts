// Pan and zoom for every game's board, the one module for it: mouse wheel and drag on a desktop,
// one-finger drag and two-finger pinch on touch, and the zoom tools (+, −, Fit). A board is a
// viewport element that receives the pointer and wheel events, and a layer that carries the
// transform:
// - an SVG map (`PanZoom.svg`): the layer is a group; the svg's viewBox is its pixel size, so one
//   unit is one CSS pixel before the transform; Fit shows the whole content given by setContent;
// - an HTML board (`PanZoom.html`, yard's Yards, cards laid out by CSS): the layer is laid out at
//   the viewport's width, and Fit is that layout as it is (scale 1), the viewport as tall as the
//   layer; zooming scales it, dragging moves it. Such a board sits in a page that scrolls, so
//   the wheel zooms only with Ctrl (a trackpad's pinch; `wheelNeedsCtrl`, which a map in a
//   scrolling page sets too), and on touch a vertical swipe still scrolls the page until the
//   view is zoomed.
// The arithmetic is in panzoom_math.ts (unit-tested).
import { h } from "./dom";
import { clampScale, fitTransform, zoomAt, type Box, type Transform } from "./panzoom_math";

// Room the fit leaves free around the content, in CSS pixels: for a legend over the top of the
// board and for the zoom tools over its bottom.
export interface Margins {
  top: number;
  bottom: number;
  side: number;
  // A board in a page that scrolls (Cry Havoc's map above the hand): the wheel zooms only with
  // Ctrl (or a trackpad's pinch, which sends it), else it scrolls the page.
  wheelNeedsCtrl?: boolean;
}

export class PanZoom {
  private t: Transform = { k: 1, tx: 0, ty: 0 };
  private content: Box = { x: -100, y: -100, w: 300, h: 300 };
  private touched = false; // the user moved the view: stop fitting automatically
  private pointers = new Map<number, { x: number; y: number }>();
  private dragDist = 0;
  private lastDragEnd = 0;
  private pinch: { d: number; k: number } | null = null;
  private readonly observer: ResizeObserver;

  // An SVG board: `world` is the group that carries the transform.
  static svg(svg: SVGSVGElement, world: SVGGElement, margins?: Partial<Margins>): PanZoom {
    return new PanZoom(svg, (t) => world.setAttribute("transform", `translate(${t.tx},${t.ty}) scale(${t.k})`), margins, () => {
      const r = svg.getBoundingClientRect();
      svg.setAttribute("viewBox", `0 0 ${Math.max(1, r.width)} ${Math.max(1, r.height)}`);
    });
  }

  // An HTML board: `layer`, inside `viewport` (which clips it), is moved and scaled by a CSS
  // transform from its top-left corner.
  static html(viewport: HTMLElement, layer: HTMLElement, margins?: Partial<Margins>): PanZoom {
    layer.style.transformOrigin = "0 0";
    const pz = new PanZoom(
      viewport,
      (t, moved) => {
        layer.style.transform = `translate(${t.tx}px, ${t.ty}px) scale(${t.k})`;
        viewport.style.touchAction = moved ? "none" : "pan-y";
      },
      { wheelNeedsCtrl: true, ...margins },
      () => {},
      layer,
    );
    return pz;
  }

  private readonly margins: Margins;

  private constructor(
    private readonly el: Element,
    private readonly paint: (t: Transform, moved: boolean) => void,
    margins: Partial<Margins> = {},
    private readonly sized: () => void = () => {},
    private readonly layer: HTMLElement | null = null, // an HTML board's layer
  ) {
    this.margins = { top: 0, bottom: 0, side: 0, ...margins };
    el.addEventListener("wheel", (e) => this.onWheel(e as WheelEvent), { passive: false });
    el.addEventListener("pointerdown", (e) => this.onDown(e as PointerEvent));
    el.addEventListener("pointermove", (e) => this.onMove(e as PointerEvent));
    el.addEventListener("pointerup", (e) => this.onUp(e as PointerEvent));
    el.addEventListener("pointercancel", (e) => this.onUp(e as PointerEvent));
    this.observer = new ResizeObserver(() => {
      this.sized();
      if (!this.touched) this.fit();
    });
    this.observer.observe(el);
    if (layer) this.observer.observe(layer); // the layout of an HTML board grows and shrinks
  }

  // Stops watching the board's size (the listeners go with the element).
  destroy() {
    this.observer.disconnect();
  }

  // The transform now (for tests and for a board that draws labels at a readable size).
  get transform(): Transform {
    return this.t;
  }

  // Whether the view was moved or zoomed by hand (it then stays as it is when the content grows).
  get moved(): boolean {
    return this.touched;
  }

  private size(): { w: number; h: number } {
    const r = this.el.getBoundingClientRect();
    return { w: Math.max(1, r.width), h: Math.max(1, r.height) };
  }

  private apply() {
    this.paint(this.t, this.touched);
  }

  setContent(b: Box) {
    this.content = b;
  }

  autoFit() {
    if (!this.touched) this.fit();
  }

  // The whole content in view, centred, clear of the margins.
  fit() {
    this.touched = false;
    if (this.layer) {
      // an HTML board: its own layout, the viewport as tall as it
      this.t = { k: 1, tx: 0, ty: this.margins.top };
      const height = `${this.layer.offsetHeight + this.margins.top + this.margins.bottom}px`;
      const el = this.el as HTMLElement;
      if (el.style.height !== height) el.style.height = height;
      this.apply();
      return;
    }
    this.sized();
    const { w, h } = this.size();
    const m = this.margins;
    const t = fitTransform(this.content, Math.max(1, w - 2 * m.side), Math.max(1, h - m.top - m.bottom), 12);
    this.t = { ...t, tx: t.tx + m.side, ty: t.ty + m.top };
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
    const r = this.el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private onWheel(e: WheelEvent) {
    if (this.margins.wheelNeedsCtrl && !e.ctrlKey && !e.metaKey) return; // the page scrolls
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
        if (!this.el.hasPointerCapture(e.pointerId)) this.el.setPointerCapture(e.pointerId);
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

// The zoom tools every board shows in its bottom-right corner: the game's own buttons first
// (dungeon's "Scoring lines"), then +, − and Fit.
export function zoomTools(pz: PanZoom, what: string, ...extra: HTMLElement[]): HTMLElement {
  const fit = h("button", { type: "button", class: "small fit", title: `fit ${what} in view` }, "Fit");
  fit.addEventListener("click", () => pz.fit());
  const zin = h("button", { type: "button", class: "small zoom-in", "aria-label": "zoom in" }, "+");
  zin.addEventListener("click", () => pz.zoomBy(1.25));
  const zout = h("button", { type: "button", class: "small zoom-out", "aria-label": "zoom out" }, "−");
  zout.addEventListener("click", () => pz.zoomBy(0.8));
  return h("div", { class: "zoom-tools" }, ...extra, zin, zout, fit);
}
