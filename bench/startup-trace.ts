// A cold page load's trace, read (bench/startup-tasks.ts): the renderer's main thread, the first contentful paint,
// the tasks over 50 ms with where their time went, and the blocking time after the first paint. Apart from the
// benchmark so that tests/bench/startup-trace.test.ts reads a trace it wrote itself.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface LongTask {
  /** Milliseconds after the navigation started. */
  at: number;
  ms: number;
  /** The trace's events inside the task, by kind (and script), in ms, largest first. */
  events: Array<[string, number]>;
  /** The profiler's samples inside the task by function (self time), as a share of the task's samples. */
  functions: Array<[string, number]>;
}

export interface Startup {
  fcp: number;
  /** Sum over the long tasks after the first paint of their time over 50 ms. */
  blocking: number;
  longTasks: LongTask[];
}

const shortUrl = (url: string) => (url ? (url.split('/').pop() ?? url).split('?')[0]! : '');

/** The page's figures from its trace: the renderer's main thread, its tasks and its profiler's samples. */
export function readTrace(events: TraceEvent[]): Startup {
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  // The page's main thread: the renderer's main thread that ran the most (an about:blank one runs nearly nothing).
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'RunTask' && threadNames.get(key) === 'CrRendererMain') {
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
    }
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('the trace has no renderer main thread');
  const [pid, tid] = main.split(':').map(Number) as [number, number];
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const start = events.find((e) => e.pid === pid && e.name === 'navigationStart')?.ts ?? onMain[0]!.ts;
  const fcpAt = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts ?? start;

  // The sampling profiler's stacks: Profile (its start) then ProfileChunks (nodes, samples, time deltas).
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number }> = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.id) clock.set(e.id, Number(e.args?.data?.startTime ?? 0));
    if (e.name === 'ProfileChunk' && e.id && clock.has(e.id)) {
      const data = e.args?.data as
        { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const deltas = data?.timeDeltas ?? [];
      let t = clock.get(e.id)!;
      (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
        t += deltas[i] ?? 0;
        samples.push({ ts: t, node });
      });
      clock.set(e.id, t);
    }
  }

  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  const longTasks = tasks.map((task): LongTask => {
    const end = task.ts + task.dur!;
    if (end > fcpAt) blocking += task.dur! / 1000 - 50;
    const kinds = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      if (
        !/^(EvaluateScript|FunctionCall|ParseHTML|UpdateLayoutTree|Layout|v8\.compile|Paint|MajorGC|MinorGC)$/.test(
          e.name,
        )
      )
        continue;
      const url = shortUrl(String(e.args?.data?.url ?? ''));
      const key = url ? `${e.name} ${url}` : e.name;
      kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    let inTask = 0;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      inTask++;
      const frame = nodes.get(s.node)?.callFrame;
      const key = frame
        ? `${shortUrl(frame.url) || '(native)'} ${frame.functionName || '(anonymous)'}${frame.url ? `:${frame.lineNumber}:${frame.columnNumber}` : ''}`
        : '(unknown)';
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const top = <T>(m: Map<string, T>, n: number) =>
      [...m].sort((a, b) => Number(b[1]) - Number(a[1])).slice(0, n);
    return {
      at: Math.round((task.ts - start) / 1000),
      ms: Math.round(task.dur! / 1000),
      events: top(kinds, 6).map(([k, v]) => [k, Math.round(v)]),
      functions: top(self, 8).map(([k, v]) => [k, inTask ? Math.round((v / inTask) * 100) / 100 : 0]),
    };
  });
  return { fcp: Math.round((fcpAt - start) / 1000), blocking: Math.round(blocking), longTasks };
}
