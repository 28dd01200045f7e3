// Where a page's main-thread time went, from a Chrome trace the Lighthouse bench wrote (LIGHTHOUSE_TRACES=<dir>):
// Lighthouse's own groups (mainthread-work-breakdown: "Other", "Script Evaluation", "Style & Layout"…), and inside
// each group the trace events that carry the time (an event's self time counts for its group; an event Lighthouse
// does not name inherits its parent's, and a task with none is "Other"). For "Other", the Chromium code that
// posted each task too (`src_func`), which names what the time was: timers, frames, image decoding, the parser….
// Times are as observed; Lighthouse's simulated figure multiplies them by its CPU slowdown (4 on mobile).
// Run: npx tsx tests/bench/trace-breakdown.ts <trace.json> [more traces…]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { taskNameToGroup } from "lighthouse/core/lib/tracehouse/task-groups.js";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; src_func?: string; src_file?: string; data?: Record<string, unknown> };
}

interface Node {
  name: string;
  start: number;
  end: number;
  args: TraceEvent["args"];
  children: Node[];
  parent?: Node;
}

/** The renderer's main thread with the most task time: the page's. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  let best = { pid: 0, tid: 0, time: -1 };
  for (const m of mains) {
    const time = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === "X" && e.name === "RunTask")
      .reduce((n, e) => n + (e.dur ?? 0), 0);
    if (time > best.time) best = { pid: m.pid, tid: m.tid, time };
  }
  return best;
}

/** The thread's events as a forest of complete intervals (X events, and B/E pairs joined). */
function forest(events: TraceEvent[], pid: number, tid: number): Node[] {
  const open: TraceEvent[] = [];
  const nodes: Node[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === "X" && e.dur !== undefined) nodes.push({ name: e.name, start: e.ts, end: e.ts + e.dur, args: e.args, children: [] });
    else if (e.ph === "B") open.push(e);
    else if (e.ph === "E") {
      const i = open.map((o) => o.name).lastIndexOf(e.name);
      const b = i >= 0 ? open.splice(i, 1)[0]! : undefined;
      if (b) nodes.push({ name: b.name, start: b.ts, end: e.ts, args: b.args, children: [] });
    }
  }
  nodes.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const n of nodes) {
    while (stack.length && stack[stack.length - 1]!.end <= n.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && n.end <= parent.end) {
      n.parent = parent;
      parent.children.push(n);
    } else if (!parent) roots.push(n);
    else continue; // overlaps its would-be parent without nesting: a trace artefact, left out
    stack.push(n);
  }
  return roots.filter((r) => r.name === "RunTask" || r.name === "ThreadControllerImpl::RunTask");
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

export function breakdown(file: string): string {
  const raw = JSON.parse(readFileSync(file, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const { pid, tid } = mainThread(events);
  const tasks = forest(events, pid, tid);
  const byGroup = new Map<string, Map<string, number>>();
  const otherBySource = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const walk = (node: Node, group: string, task: Node) => {
    const own = taskNameToGroup[node.name]?.label;
    const g = own && own !== "Other" ? own : group;
    const self = node.end - node.start - node.children.reduce((n, c) => n + (c.end - c.start), 0);
    if (!byGroup.has(g)) byGroup.set(g, new Map());
    add(byGroup.get(g)!, node.name, self);
    if (g === "Other") add(otherBySource, task.args?.src_func ?? "(no source)", self);
    for (const c of node.children) walk(c, g, task);
  };
  for (const t of tasks) walk(t, "Other", t);
  const lines = [`${path.basename(file)}: ${tasks.length} tasks, ${ms(tasks.reduce((n, t) => n + t.end - t.start, 0))} on the main thread`];
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  for (const [group, names] of [...byGroup].sort((a, b) => total(b[1]) - total(a[1]))) {
    const top = [...names].sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(`  ${group} ${ms(total(names))}: ${top.map(([n, t]) => `${n} ${ms(t)}`).join(", ")}`);
  }
  const sources = [...otherBySource].sort((a, b) => b[1] - a[1]).slice(0, 8);
  lines.push(`  "Other" by the task's source: ${sources.map(([n, t]) => `${n} ${ms(t)}`).join(", ")}`);
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const file of process.argv.slice(2)) console.log(breakdown(file));
}
