// The startup benchmark's reading of a trace (bench/startup-trace.ts): which thread, which tasks, what counts as
// blocking, and where a task's time went, on a trace small enough to check by hand.
import { describe, expect, it } from 'vitest';
import { readTrace, type TraceEvent } from '@/bench/startup-trace';

const ms = 1000; // trace times are microseconds
const page = { pid: 2, tid: 7 };
const blank = { pid: 1, tid: 1 };

function task(at: number, dur: number, where = page): TraceEvent {
  return { name: 'RunTask', ph: 'X', ...where, ts: at * ms, dur: dur * ms };
}

function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ...page, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...blank, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'navigationStart', ph: 'R', ...page, ts: 1000 * ms },
    { name: 'firstContentfulPaint', ph: 'R', ...page, ts: 1300 * ms },
    // about:blank's renderer ran a short task: not the page's thread.
    task(900, 60, blank),
    // Before the first paint: long, but not blocking.
    task(1100, 120),
    // After it: 120 ms, of which 70 block; its script and layout, and the profiler's samples.
    task(1400, 120),
    {
      name: 'FunctionCall',
      ph: 'X',
      ...page,
      ts: 1405 * ms,
      dur: 90 * ms,
      args: { data: { url: 'http://x/_next/static/chunks/react.js?v=1' } },
    },
    { name: 'Layout', ph: 'X', ...page, ts: 1500 * ms, dur: 15 * ms },
    // Short tasks do not count.
    task(1600, 40),
    // Ends after the first paint: 60 ms, 10 blocking.
    task(1250, 60),
    { name: 'Profile', ph: 'P', ...page, ts: 1000 * ms, id: '0x1', args: { data: { startTime: 1400 * ms } } },
    {
      name: 'ProfileChunk',
      ph: 'P',
      ...page,
      ts: 1401 * ms,
      id: '0x1',
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } },
              {
                id: 2,
                parent: 1,
                callFrame: { functionName: 'format', url: 'http://x/a.js', lineNumber: 0, columnNumber: 42 },
              },
              {
                id: 3,
                parent: 1,
                callFrame: { functionName: '', url: 'http://x/b.js', lineNumber: 3, columnNumber: 7 },
              },
            ],
            samples: [2, 2, 2, 3, 2],
          },
          // 10, 20, 30, 40 ms into the task, and one 300 ms later (outside every long task).
          timeDeltas: [10 * ms, 10 * ms, 10 * ms, 10 * ms, 300 * ms],
        },
      },
    },
  ];
}

describe('readTrace', () => {
  it("finds the page's thread, its first paint and its long tasks in order of time", () => {
    const read = readTrace(trace());
    expect(read.fcp).toBe(300);
    expect(read.longTasks.map((t) => [t.at, t.ms])).toEqual([
      [100, 120],
      [250, 60],
      [400, 120],
    ]);
  });

  it('counts as blocking only the time over 50 ms of the tasks that end after the first paint', () => {
    expect(readTrace(trace()).blocking).toBe(70 + 10);
  });

  it("says where a task's time went: the trace's events by kind and script, the samples by function", () => {
    const long = readTrace(trace()).longTasks.find((t) => t.at === 400)!;
    expect(long.events).toEqual([
      ['FunctionCall react.js', 90],
      ['Layout', 15],
    ]);
    expect(long.functions).toEqual([
      ['a.js format:0:42', 0.75],
      ['b.js (anonymous):3:7', 0.25],
    ]);
  });

  it('refuses a trace without a renderer', () => {
    expect(() => readTrace([task(0, 100)])).toThrow('no renderer main thread');
  });
});
