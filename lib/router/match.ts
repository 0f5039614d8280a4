import type { ComponentType } from 'react';

/** A screen's code, fetched on the route's first visit (a dynamic import, so it is its own chunk). */
export type ScreenLoader = () => Promise<ComponentType>;

/**
 * One node of the route tree. A node can be a layout (renders <Outlet />), a guard (`redirect`, decided
 * when the route is matched, before anything renders or loads), a screen (`load`), or several of these.
 */
export interface RouteNode {
  /** Relative to the parent: 'productDetails/:id', '*' (anything else); none for a pathless layout or guard. */
  path?: string;
  /** Matches the parent's own path (the '/' of the root). */
  index?: boolean;
  layout?: ComponentType;
  /**
   * Where to send the shopper instead, or null to let the route open. Read synchronously at match time, with the
   * path asked for (pathname and query).
   */
  redirect?: (path: string) => string | null;
  load?: ScreenLoader;
  children?: RouteNode[];
}

export type Params = Readonly<Record<string, string>>;

export interface Match {
  /** The nodes from the root to the leaf. */
  branch: readonly RouteNode[];
  params: Params;
}

interface Branch {
  nodes: RouteNode[];
  segments: string[];
  score: number;
  order: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function flatten(nodes: RouteNode[], parents: RouteNode[], parentSegments: string[], out: Branch[]) {
  for (const node of nodes) {
    const segments = node.index ? parentSegments : [...parentSegments, ...segmentsOf(node.path ?? '')];
    const chain = [...parents, node];
    if (node.children?.length) flatten(node.children, chain, segments, out);
    // A node with children is a layout, not a destination, unless it also names a screen.
    if (!node.children?.length || node.load) {
      out.push({ nodes: chain, segments, score: score(segments, Boolean(node.index)), order: out.length });
    }
  }
}

// Static segments beat parameters, parameters beat the catch-all; index routes win ties (as in react-router).
function score(segments: string[], index: boolean): number {
  let total = segments.length * 4 + (index ? 2 : 0);
  for (const s of segments) total += s === '*' ? -6 : s.startsWith(':') ? 3 : 10;
  return total;
}

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const pattern = branch.segments[i]!;
    if (pattern === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (pattern.startsWith(':')) params[pattern.slice(1)] = decode(part);
    // Route paths are matched case-insensitively, as react-router did: #/ProductDetails/1 still opens.
    else if (pattern.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Compiles the route tree once; the returned function finds the best match for a pathname. */
export function createMatcher(routes: RouteNode[]): (pathname: string) => Match | null {
  const branches: Branch[] = [];
  flatten(routes, [], [], branches);
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    const parts = segmentsOf(pathname);
    for (const branch of branches) {
      const params = matchBranch(branch, parts);
      if (params) return { branch: branch.nodes, params };
    }
    return null;
  };
}
