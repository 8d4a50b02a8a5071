"use client";
// Draws a mind map with markmap-view: pan by dragging, zoom with the wheel or
// the buttons, fit, click a node to fold it, expand or collapse everything.
// An outline of the same nodes is kept for screen readers.
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import type { Markmap } from "markmap-view";
import type { INode, IPureNode } from "markmap-common";
import type { MindMapNode } from "@/lib/analysis/types";
import ui from "@/components/tasks/ui.module.css";
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
      if (!mapRef.current) mapRef.current = Markmap.create(svgRef.current, { duration: 300, maxWidth: 320, initialExpandLevel: -1, autoFit: false });
      void mapRef.current.setData(toPureNode(root)).then(() => mapRef.current?.fit());
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
    fit: () => void mapRef.current?.fit(),
    foldAll: (folded) => {
      const map = mapRef.current;
      if (!map?.state.data) return;
      setFold(map.state.data, folded);
      void map.renderData().then(() => map.fit());
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
