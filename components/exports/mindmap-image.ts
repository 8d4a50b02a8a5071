"use client";
// The drawn mind map (markmap's SVG) as a standalone SVG file or a PNG, made in the browser:
// the whole map at its own size, whatever the current zoom and pan, on a white background.

const SVG_NS = "http://www.w3.org/2000/svg";
const PADDING = 24;
/** Browsers refuse canvases much larger than this on a side. */
const MAX_CANVAS_SIDE = 8192;

export interface MindMapImage {
  svgText: string;
  width: number;
  height: number;
}

/** A copy of the map's SVG with its zoom undone and its box fitted to the whole drawing. */
export function mindMapSvg(svg: SVGSVGElement): MindMapImage {
  const root = svg.querySelector(":scope > g") as SVGGElement | null;
  if (!root) throw new Error("the mind map is not drawn");
  const box = root.getBBox();
  if (!box.width || !box.height) throw new Error("the mind map is empty");
  const width = Math.ceil(box.width + PADDING * 2);
  const height = Math.ceil(box.height + PADDING * 2);
  const x = box.x - PADDING;
  const y = box.y - PADDING;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.querySelector(":scope > g")?.removeAttribute("transform");
  copy.setAttribute("xmlns", SVG_NS);
  copy.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  copy.setAttribute("width", String(width));
  copy.setAttribute("height", String(height));
  // markmap's own inline style (--markmap-max-width wraps long nodes), then the page's font and
  // text colour, which the map inherits on screen.
  const computed = getComputedStyle(svg);
  copy.setAttribute("style", `${svg.getAttribute("style") ?? ""}; font-family: ${computed.fontFamily}; color: ${computed.color}; background: #fff`);
  const background = document.createElementNS(SVG_NS, "rect");
  background.setAttribute("x", String(x));
  background.setAttribute("y", String(y));
  background.setAttribute("width", String(width));
  background.setAttribute("height", String(height));
  background.setAttribute("fill", "#ffffff");
  copy.insertBefore(background, copy.firstChild);
  return { svgText: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`, width, height };
}

/** The map drawn onto a canvas at twice its size (less when that would be too large). */
export async function mindMapPng(image: MindMapImage): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.svgText)}`;
  await img.decode();
  const scale = Math.min(2, MAX_CANVAS_SIDE / image.width, MAX_CANVAS_SIDE / image.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.floor(image.width * scale));
  canvas.height = Math.max(1, Math.floor(image.height * scale));
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the canvas gave no PNG"))), "image/png"));
}
