"use client";
// Draws a mind map with markmap-view: pan by dragging, zoom with the wheel, a
// pinch or the buttons, fit, click a node to fold it, expand or collapse
// everything. An outline of the same nodes is kept for screen readers.
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import type { Markmap } from "markmap-view";
import type { INode, IPureNode } from "markmap-common";
import type { MindMapNode } from "@/lib/analysis/types";
import ui from "@/components/ui/ui.module.css";
import styles from "./analysis.module.css";

export interface MindMapHandle {
  zoom(factor: number): void;
  fit(): void;
  foldAll(folded: boolean): void;
  /** The drawn SVG, for the PNG and SVG downloads (components/exports). */
  svg(): SVGSVGElement | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** markmap renders node content as HTML; ours is plain text, so it is escaped here. */
function toPureNode(node: MindMapNode): IPureNode {
  return { content: escapeHtml(node.content), children: node.children.map(toPureNode) };
}

/** Below this width (a phone) the map is laid out narrower and never fitted smaller than readable. */
const NARROW_PX = 600;
/** markmap writes nodes at 16 px; 0.75 keeps them 12 px tall on screen after a fit. */
const MIN_READABLE_SCALE = 0.75;
const NARROW_LAYOUT = { maxWidth: 150, spacingHorizontal: 36, paddingX: 6 };
const WIDE_LAYOUT = { maxWidth: 320 };

/**
 * markmap's fit, except that on a narrow screen the map is never shrunk below
 * readable text: it is then shown from the root (left edge, root centred
 * vertically) and the rest is reached by panning.
 */
async function fitReadable(map: Markmap) {
  const svg = map.svg.node();
  const root = map.state.data;
  if (!svg || !root) return;
  const { width, height } = svg.getBoundingClientRect();
  const { x1, y1, x2, y2 } = map.state.rect;
  // The scale markmap's own fit picks (markmap-view's fit()).
  const fitScale = Math.min((width / (x2 - x1)) * map.options.fitRatio, (height / (y2 - y1)) * map.options.fitRatio, map.options.maxInitialScale);
  await map.fit();
  if (width >= NARROW_PX || fitScale >= MIN_READABLE_SCALE) return;
  // Only markmap's own moves (rescale about the centre, then pan the root into view): a zoom transform set from
  // outside left the drawing off screen on phones.
  await map.rescale(MIN_READABLE_SCALE / fitScale);
  await map.ensureVisible(root, { left: 8, right: 8, top: 8, bottom: 8 });
}

function setFold(node: INode, folded: boolean, depth = 0) {
  node.payload = { ...node.payload, fold: folded && depth > 0 ? 1 : 0 };
  node.children?.forEach((c) => setFold(c, folded, depth + 1));
}

export const MindMapView = forwardRef<MindMapHandle, { root: MindMapNode }>(function MindMapView({ root }, ref) {
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<Markmap | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import("markmap-view").then(({ Markmap }) => {
      if (cancelled || !svgRef.current) return;
      const layout = svgRef.current.clientWidth < NARROW_PX ? NARROW_LAYOUT : WIDE_LAYOUT;
      if (!mapRef.current) mapRef.current = Markmap.create(svgRef.current, { duration: 300, initialExpandLevel: -1, autoFit: false, ...layout });
      const map = mapRef.current;
      void map.setData(toPureNode(root)).then(() => fitReadable(map));
    });
    return () => {
      cancelled = true;
    };
  }, [root]);

  useEffect(
    () => () => {
      mapRef.current?.destroy();
      mapRef.current = null;
    },
    [],
  );

  useImperativeHandle(ref, () => ({
    zoom: (factor) => void mapRef.current?.rescale(factor),
    fit: () => {
      if (mapRef.current) void fitReadable(mapRef.current);
    },
    foldAll: (folded) => {
      const map = mapRef.current;
      if (!map?.state.data) return;
      setFold(map.state.data, folded);
      void map.renderData().then(() => fitReadable(map));
    },
    svg: () => svgRef.current,
  }));

  return (
    <div className={styles.mindmapFrame}>
      <svg ref={svgRef} className={styles.mindmapSvg} data-testid="mindmap" role="img" aria-label={root.content} />
      <Outline node={root} />
    </div>
  );
});

function Outline({ node }: { node: MindMapNode }) {
  return (
    <ul className={ui.srOnly} data-testid="mindmap-outline">
      <OutlineItem node={node} />
    </ul>
  );
}

function OutlineItem({ node }: { node: MindMapNode }) {
  return (
    <li data-testid="mindmap-node">
      {node.content}
      {node.children.length ? (
        <ul>
          {node.children.map((c, i) => (
            <OutlineItem key={i} node={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
